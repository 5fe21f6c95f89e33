#!/usr/bin/env node
// `mcp-fleet`: the MCP Fleet command line, from any folder (`npm link` in the checkout puts it on PATH).
// Builds the CLI when its sources changed (scripts/build-cli.mjs), then runs it in the folder it was
// started in: paths and config discovery start there, not in the checkout.
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { ensureCliBuild } from "../scripts/build-cli.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

let outDir;
try {
  outDir = await ensureCliBuild({ root: ROOT });
} catch (error) {
  process.stderr.write(`mcp-fleet: ${error.message}\n`);
  process.exit(70);
}
const { runCli } = await import(pathToFileURL(join(outDir, "run-cli.mjs")).href);
await runCli(process.argv.slice(2), { cwd: process.cwd(), root: ROOT });
