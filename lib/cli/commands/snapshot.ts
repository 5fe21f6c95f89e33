/**
 * `mcp-fleet snapshot [--config F ...] [--profile P] [--timeout MS] [--json]`: connects to every server of
 * the configs (none given: the project's, found where it runs; a profile: its servers only, reconciled on
 * their own), waits until each is ready or failed, and prints the
 * summary (every count first, one line per server with its timings or its error, repeated findings
 * folded), or with --json the FleetSnapshot (the `reconcile --json` contract). The answer is printed
 * before the servers are ended. Exit 0 whenever it ran: a failed server is part of the answer, not a
 * failure of the command; exit 2 for bad arguments. Config findings go to stderr; secrets never print.
 */
import { formatSnapshotSummary } from "../format-snapshot";
import { parseFlags, type Flags } from "../flags";
import type { Command } from "../io";
import { asCliErrors, withLiveFleet } from "../live-fleet";

export const usage = "usage: mcp-fleet snapshot [--config <file> ...] [--profile <name>] [--timeout <ms>] [--json]";

export function parseSnapshotArgs(args: string[]): Flags {
  return parseFlags(args, ["config", "profile", "timeout", "json"]);
}

export const run: Command = (args, io) =>
  asCliErrors(async () => {
    const flags = parseSnapshotArgs(args);
    return withLiveFleet(flags, io, ({ state }) => {
      io.out(flags.json ? JSON.stringify(state.snapshot, null, 2) : formatSnapshotSummary(state.snapshot, state.servers));
      return 0;
    });
  });
