/**
 * For tests: the built `mcp-fleet` bin run as a user runs it, from a folder, with a clean environment
 * (PATH, a temp HOME so no real ~/.claude.json is read, and what the test adds; no NODE_ENV), everything
 * it writes collected.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { REPO_ROOT } from "@/e2e/fixtures/fixture-servers";

export const BIN = path.join(REPO_ROOT, "bin", "mcp-fleet.mjs");

export interface BinRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface BinOptions {
  cwd: string;
  home: string;
  env?: Record<string, string>;
}

/** The environment the bin gets: PATH, HOME and the test's additions. */
export function binEnv(home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  // Next's types make NODE_ENV required; the bin must not be given one.
  return { PATH: process.env.PATH, HOME: home, ...extra } as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv;
}

/** Starts the bin; `done` resolves with its exit code and output once it has closed. */
export function startBin(args: string[], opts: BinOptions): { child: ChildProcess; done: Promise<BinRun> } {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: opts.cwd, env: binEnv(opts.home, opts.env), stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<BinRun>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
  return { child, done };
}

export const runBin = (args: string[], opts: BinOptions): Promise<BinRun> => startBin(args, opts).done;

/** A new temp folder holding an empty `project` to run the bin in and an empty `home` for its HOME. */
export function tempProject(prefix: string): { root: string; project: string; home: string } {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  const project = path.join(root, "project");
  const home = path.join(root, "home");
  mkdirSync(project);
  mkdirSync(home);
  return { root, project, home };
}
