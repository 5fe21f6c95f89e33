/**
 * The whole analysis of a fleet from its raw tool lists: the FleetSnapshot (the reconciler's reading,
 * docs/fleet-snapshot.md) and every client's view (docs/clients.md), each with its own settings. The
 * live fleet takes both from one incremental FleetModel update (`viewsOf`); `analyseFleet` makes them
 * from scratch, the reference the model is proven byte for byte equal to.
 */
import { reconcile } from "../reconcile/reconcile";
import type { FleetSnapshot, ServerToolList } from "../reconcile/types";
import { agentSdkView } from "./agent-sdk";
import { claudeCodeView } from "./claude-code";
import { CLIENT_CHOICE_LIST, type ClientChoice, type ClientSettings, type ClientViewOf } from "./choices";
import { codexView } from "./codex";
import type { FleetModelResult } from "./fleet-model";

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

/**
 * Every client's view of one FleetModel update, each made (with that client's settings, given to the
 * update) when first read and then kept: a caller that needs one view pays for one.
 */
export function viewsOf(result: FleetModelResult): ClientViews {
  const views = {} as ClientViews;
  for (const choice of CLIENT_CHOICE_LIST) Object.defineProperty(views, choice, { enumerable: true, get: () => result.view(choice) });
  return views;
}
