/**
 * `mcp-fleet lock [--config F ...] [--profile P] [--timeout MS]`: writes mcp-fleet.lock.json, the reviewed
 * baseline, from the live fleet; with a profile, `mcp-fleet.<profile>.lock.json` from the profile's own
 * fleet (its exposed names are its own), naming the profile and its servers (docs/profiles.md).
 */
import { parseFlags } from "../flags";
import { asCliErrors, withLiveFleet } from "../live-fleet";
import { buildLock } from "@/lib/history/lock";
import { writeLockFile } from "@/lib/history/lock-file";
import { count } from "@/lib/text/count";
import type { Command } from "../io";

export const usage = "usage: mcp-fleet lock [--config <file> ...] [--profile <name>] [--timeout <ms>]";

export const run: Command = (args, io) =>
  asCliErrors(async () => {
    const flags = parseFlags(args, ["config", "profile", "timeout"]);
    return withLiveFleet(flags, io, ({ state, lockFile, profile }) => {
      const { lock, skipped } = buildLock(state.snapshot, profile ?? undefined);
      for (const s of skipped) {
        if (s.status !== "disabled") io.err(`warning: ${s.serverId} is ${s.status}${s.error ? ` (${s.error})` : ""}: not locked`);
      }
      writeLockFile(lockFile, lock);
      const servers = Object.values(lock.servers);
      const tools = servers.reduce((n, s) => n + Object.keys(s.tools).length, 0);
      io.out(`wrote ${lockFile}: ${count(servers.length, "server")}, ${count(tools, "tool")}`);
      return 0;
    });
  });
