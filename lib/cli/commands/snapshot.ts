/**
 * `fleet snapshot --config F [--config F2 ...] [--timeout MS] [--json]`: connects to every server of the configs, waits until each is ready or failed, and prints the
 * summary with one status line per server, or with --json the FleetSnapshot (the `reconcile --json` contract).
 * Exit 0 whenever it ran: a server that failed is part of the answer, shown with its error, not a
 * failure of the command. Exit 2 for bad arguments. Config findings go to stderr; secrets never print.
 */
import { snapshotFleet } from "@/lib/fleet/snapshot-fleet";
import type { FleetState, ServerDetails } from "@/lib/fleet/types";
import type { FleetSnapshot } from "@/lib/reconcile/types";
import { formatSnapshotSummary } from "../format-snapshot";
import { parseFlags, type Flags } from "../flags";
import { CliError, type Command } from "../io";
import { loadFleetConfig } from "../load-fleet-config";

export const usage = "usage: fleet snapshot --config <file> [--config <file> ...] [--timeout <ms>] [--json]";

export function parseSnapshotArgs(args: string[]): Flags {
  const flags = parseFlags(args, ["config", "timeout", "json"]);
  if (flags.configs.length === 0) throw new CliError("give at least one --config <file>");
  return flags;
}

export const run: Command = async (args, io) => {
  const { configs, timeoutMs, json } = parseSnapshotArgs(args);
  const loaded = await loadFleetConfig(configs, io);
  const state = await snapshotFleet(loaded, { timeoutMs });
  io.out(json ? JSON.stringify(state.snapshot, null, 2) : formatSnapshotText(state));
  return 0;
};

/** The snapshot's summary, then one line per connection: its status, timings and, when it failed, why. */
export function formatSnapshotText(state: FleetState): string {
  return [formatSnapshotSummary(state.snapshot), "", ...serverLines(state.servers, state.snapshot)].join("\n");
}

export function serverLines(servers: ServerDetails[], snapshot: FleetSnapshot): string[] {
  const toolCounts = new Map(snapshot.servers.map((s) => [s.id, s.toolCount]));
  const counts = new Map<string, number>();
  for (const s of servers) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
  const header = `connections (${[...counts].map(([status, n]) => `${n} ${status}`).join(", ") || "none"})`;
  const width = Math.max(0, ...servers.map((s) => s.id.length));
  return [
    header,
    ...servers.map((s) => {
      const head = `  ${s.id.padEnd(width)}  ${s.status.padEnd(10)}`;
      if (s.status === "ready") {
        const n = toolCounts.get(s.id) ?? 0;
        return `${head}${n} tool${n === 1 ? "" : "s"}  connect ${s.connectMs ?? "?"} ms, list ${s.listMs ?? "?"} ms${s.serverInfo ? `  (${s.serverInfo.name} ${s.serverInfo.version})` : ""}`;
      }
      return s.error ? `${head}${s.error}` : head.trimEnd();
    }),
  ];
}
