/**
 * `mcp-fleet lock [--config F ...] [--timeout MS]`: writes mcp-fleet.lock.json, the reviewed baseline,
 * from the live fleet.
 */
import { parseFlags } from "../flags";
import { asCliErrors, withLiveFleet } from "../live-fleet";
import { buildLock } from "@/lib/history/lock";
import { writeLockFile } from "@/lib/history/lock-file";
import { count } from "@/lib/text/count";
import type { Command } from "../io";

export const usage = "usage: mcp-fleet lock [--config <file> ...] [--timeout <ms>]";

export const run: Command = (args, io) =>
  asCliErrors(async () => {
    const flags = parseFlags(args, ["config", "timeout"]);
    return withLiveFleet(flags, io, ({ state, lockFile }) => {
      const { lock, skipped } = buildLock(state.snapshot);
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
