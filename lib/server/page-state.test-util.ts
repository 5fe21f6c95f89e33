/**
 * FleetStates for the page-state tests, made from committed fixture fleets with the real analysis
 * (lib/clients/fleet-analysis.ts): what the FleetManager would hold for those lists, minus live timings.
 */
import { loadFleet } from "@/lib/clients/__fixtures__/load-fleet";
import { analyseFleet, viewsOf, type ClientSettings, type FleetAnalysis, type FleetModel } from "@/lib/clients";
import type { FleetState, ServerDetails } from "@/lib/fleet/types";
import type { ServerToolList } from "@/lib/reconcile/types";

/** The fixture fleet's servers as the fleet reads them: ready with every page, or failed. */
export function fixtureLists(name: string): ServerToolList[] {
  return loadFleet(name).servers.map((s) => ({ id: s.id, label: s.label, status: s.fault ? "error" : "ready", ...(s.fault ? { error: `${s.fault} (fixture)` } : {}), tools: s.fault ? [] : s.tools }));
}

function details(list: ServerToolList): ServerDetails {
  return {
    id: list.id,
    transport: "stdio",
    status: list.status,
    ...(list.error ? { error: list.error } : {}),
    config: { id: list.id, transport: "stdio", command: "node", args: [`${list.id}.js`], enabled: true, source: { file: "/p/.mcp.json", format: "claude-code" } },
    timeoutMs: 15_000,
    stderrTail: [],
    listCount: 1,
  };
}

/**
 * The state of `lists`: analysed from scratch, or (with `model`) by one update of an incremental
 * FleetModel, as the FleetManager makes it.
 */
export function stateOf(lists: ServerToolList[], opts: { version?: number; settings?: ClientSettings; settled?: boolean; model?: FleetModel } = {}): FleetState {
  const { snapshot, views }: FleetAnalysis = opts.model
    ? (() => {
        const result = opts.model.update(lists, opts.settings);
        return { snapshot: result.snapshot, views: viewsOf(result) };
      })()
    : analyseFleet(lists, opts.settings);
  return {
    version: opts.version ?? 1,
    generatedAt: `2026-01-01T00:00:${String(opts.version ?? 1).padStart(2, "0")}Z`,
    snapshot,
    views,
    servers: lists.map(details),
    findings: [],
    configFiles: ["/p/.mcp.json"],
    demo: false,
    settled: opts.settled ?? true,
    notices: [],
  };
}
