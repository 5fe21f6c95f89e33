/**
 * `mcp-fleet start [--config F ...] [--port N] [--timeout MS] [--dev] [--no-build] [--demo]`: the
 * dashboard, started by the same launcher as `npm start` (scripts/start.mjs, which parses these flags
 * itself, since `npm start` runs it without the CLI), on the configs of the folder it runs in.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Command } from "../io";

export const usage = [
  "usage: mcp-fleet start [--config <file> ...] [--port <n>] [--timeout <ms>] [--dev] [--no-build] [--demo]",
  "  --config FILE   an MCP config; repeat for several. None: the configs found in this folder, else the demo fleet",
  "  --port N        port on 127.0.0.1 (default 3000; 0 picks a free one)",
  "  --timeout MS    per-server connect and tools/list timeout (default 15000)",
  "  --dev           serve with next dev (hot reload) behind the same gate",
  "  --no-build      serve the existing build even if sources changed",
  "  --demo          the demo fleet, even where configs would be found",
].join("\n");

export const run: Command = async (args, io) => {
  const launcher = pathToFileURL(path.join(io.root ?? io.cwd, "scripts", "start.mjs")).href;
  // Imported by its path at run time: the launcher is plain JS beside the checkout, not part of the CLI build.
  const { launch } = (await import(launcher)) as typeof import("@/scripts/start.mjs");
  await launch(args, { cwd: io.cwd });
  // The dashboard serves until it is stopped; the launcher then ends the fleet and the process itself.
  return new Promise<number>(() => {});
};
