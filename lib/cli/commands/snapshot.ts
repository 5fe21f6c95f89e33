/**
 * `fleet snapshot --config F [--config F2 ...] [--timeout MS] [--json]` (issue 3, "The command"):
 * connects to every server of the configs, waits until each is ready or failed, and prints the
 * summary with one status line per server, or with --json the FleetSnapshot (the `reconcile --json` contract).
 * Exit 0 whenever it ran: a server that failed is part of the answer, shown with its error, not a
 * failure of the command. Exit 2 for bad arguments. Config findings go to stderr; secrets never print.
 */
import { snapshotFleet } from "@/lib/fleet/snapshot-fleet";
import type { FleetState, ServerDetails } from "@/lib/fleet/types";
import type { FleetSnapshot } from "@/lib/reconcile/types";
import { formatSnapshotSummary } from "../format-snapshot";
import { CliError, type Command } from "../io";
import { loadFleetConfig } from "../load-fleet-config";

const USAGE = "usage: fleet snapshot --config <file> [--config <file> ...] [--timeout <ms>] [--json]";

interface SnapshotArgs {
  configs: string[];
  timeoutMs?: number;
  json: boolean;
}

export function parseSnapshotArgs(args: string[]): SnapshotArgs {
  const parsed: SnapshotArgs = { configs: [], json: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    const value = (): string => {
      const next = inline ?? args[++i];
      if (next === undefined || next === "") throw new CliError(`${flag} needs a value; ${USAGE}`);
      return next;
    };
    switch (flag) {
      case "--config":
        parsed.configs.push(value());
        break;
      case "--timeout": {
        const text = value();
        const ms = Number(text);
        if (!/^\d+$/.test(text) || ms < 1) throw new CliError(`--timeout takes a whole number of milliseconds above 0, not ${JSON.stringify(text)}`);
        parsed.timeoutMs = ms;
        break;
      }
      case "--json":
        if (inline !== undefined) throw new CliError("--json takes no value");
        parsed.json = true;
        break;
      default:
        throw new CliError(`unknown argument ${JSON.stringify(arg)}; ${USAGE}`);
    }
  }
  if (parsed.configs.length === 0) throw new CliError(`give at least one --config <file>; ${USAGE}`);
  return parsed;
}

export const run: Command = async (args, io) => {
  if (args.includes("--help") || args.includes("-h")) {
    io.out(USAGE);
    return 0;
  }
  const { configs, timeoutMs, json } = parseSnapshotArgs(args);
  const loaded = await loadFleetConfig(configs, io);
  const state = await snapshotFleet(loaded, { timeoutMs });
  if (json) {
    io.out(JSON.stringify(state.snapshot, null, 2));
    return 0;
  }
  io.out(formatSnapshotText(state));
  return 0;
};

/** CORE's summary of the snapshot, then one line per connection: its status, timings and, when it failed, why. */
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
