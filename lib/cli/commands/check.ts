/**
 * `fleet check --config F [--timeout MS]`: the CI gate: compares the live fleet with
 * mcp-fleet.lock.json and prints only the differences, one per line; exit 1 when any, 0 when none.
 */
import { parseFlags } from "../flags";
import { asCliErrors, observeLiveFleet } from "../live-fleet";
import { compareLock, formatDifference } from "@/lib/history/lock";
import { readLockFile } from "@/lib/history/lock-file";
import { CliError, type Command } from "../io";

export const usage = "usage: fleet check [--config <file> ...] [--timeout <ms>]";

export const run: Command = (args, io) =>
  asCliErrors(async () => {
    const flags = parseFlags(args, ["config", "timeout"]);
    const { state, lockFile } = await observeLiveFleet(flags, io);
    const lock = readLockFile(lockFile);
    if (!lock) throw new CliError(`no lock file at ${lockFile}: run \`fleet lock${flags.configs.map((c) => ` --config ${c}`).join("")}\` first`);
    const differences = compareLock(lock, state.snapshot);
    for (const difference of differences) io.out(formatDifference(difference));
    return differences.length > 0 ? 1 : 0;
  });
