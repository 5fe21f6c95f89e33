/**
 * The whole analysis of a fleet from its raw tool lists, in one call: the FleetSnapshot (the
 * reconciler's reading, docs/fleet-snapshot.md) and every client's view (docs/clients.md), each with its
 * own settings. The dashboard's FleetManager and the CLI call only this, so a faster (incremental)
 * model can replace it in one place as long as its outputs stay the same.
 */
import { reconcile } from "../reconcile/reconcile";
import type { FleetSnapshot, ServerToolList } from "../reconcile/types";
import { agentSdkView } from "./agent-sdk";
import { claudeCodeView } from "./claude-code";
import type { ClientChoice, ClientSettings, ClientViewOf } from "./choices";
import { codexView } from "./codex";

/** One view per client choice. */
export type ClientViews = { [K in ClientChoice]: ClientViewOf<K> };

export interface FleetAnalysis {
  snapshot: FleetSnapshot;
  views: ClientViews;
}

/** Reconciles the lists and builds every client's view of them. Deterministic for the same input. */
export function analyseFleet(servers: readonly ServerToolList[], settings: ClientSettings = {}): FleetAnalysis {
  const snapshot = reconcile([...servers]);
  return {
    snapshot,
    views: {
      "claude-code": claudeCodeView(servers, settings.claudeCode),
      "claude-code@2.1.194": claudeCodeView(servers, settings.claudeCode, { version: "2.1.194" }),
      codex: codexView(servers, settings.codex),
      // The Agent SDK host's view is the snapshot's forward map: made from it, not reconciled twice.
      "agent-sdk": agentSdkView(servers, snapshot),
    },
  };
}
