#!/usr/bin/env node
// Placeholder launcher (the Live fleet issue replaces it): build when needed, then serve on 127.0.0.1.
import { spawnSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";

const args = process.argv.slice(2);
const portIndex = args.indexOf("--port");
const port = portIndex >= 0 ? args[portIndex + 1] : "3000";
const next = "node_modules/.bin/next";
if (!existsSync(`${process.env.NEXT_DIST_DIR || ".next"}/BUILD_ID`)) {
  const build = spawnSync(next, ["build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const child = spawn(next, ["start", "--hostname", "127.0.0.1", "--port", port], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
