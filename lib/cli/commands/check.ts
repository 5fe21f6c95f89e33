/**
 * `mcp-fleet check [--config F ...] [--profile P] [--timeout MS]`: the CI gate: compares the live fleet
 * with mcp-fleet.lock.json (a profile: its own fleet with `mcp-fleet.<profile>.lock.json`, and its servers
 * with the ones it was locked with) and prints the differences, one per line (exit 1), or that there is
 * no drift (exit 0). A missing or broken lock file is said before any server is started (exit 2).
 */
import { parseFlags } from "../flags";
import { asCliErrors, loadLiveFleet } from "../live-fleet";
import { compareLock, compareProfile, formatDifference } from "@/lib/history/lock";
import { readLockFile } from "@/lib/history/lock-file";
import { count } from "@/lib/text/count";
import { CliError, type Command } from "../io";

export const usage = "usage: mcp-fleet check [--config <file> ...] [--profile <name>] [--timeout <ms>]";

export const run: Command = (args, io) =>
  asCliErrors(async () => {
    const flags = parseFlags(args, ["config", "profile", "timeout"]);
    const fleet = await loadLiveFleet(flags, io);
    const lock = readLockFile(fleet.lockFile);
    if (!lock) throw new CliError(`no lock file at ${fleet.lockFile}: run \`mcp-fleet lock${flags.configs.map((c) => ` --config ${c}`).join("")}${flags.profile ? ` --profile ${flags.profile}` : ""}\` first`);
    return fleet.observe((state) => {
      const differences = [...(fleet.profile ? compareProfile(lock, fleet.profile) : []), ...compareLock(lock, state.snapshot)];
      for (const difference of differences) io.out(formatDifference(difference));
      if (differences.length > 0) return 1;
      const servers = Object.values(lock.servers);
      const tools = servers.reduce((n, s) => n + Object.keys(s.tools).length, 0);
      io.out(`no drift: the live fleet matches ${fleet.lockFile} (${count(servers.length, "server")}, ${count(tools, "tool")})`);
      return 0;
    });
  });
