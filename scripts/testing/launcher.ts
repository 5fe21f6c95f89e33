/**
 * Test support: the real dashboard as a user starts it (`npm start -- ...` through npm, or the
 * launcher directly), its port, token and output, the API with the token, and the build it needs.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { REPO_ROOT } from "@/e2e/fixtures/fixture-servers";
import type { FleetState } from "@/lib/fleet/types";
import { buildReason } from "../start.mjs";

export const TOKEN = "launcher-test-token-0123456789abcdef";

/** Builds the app once when the sources are newer than the build (the launcher would, but not within a test's wait). */
export function ensureBuilt(): void {
  const reason = buildReason(REPO_ROOT);
  if (!reason) return;
  const result = spawnSync(process.execPath, [join(REPO_ROOT, "node_modules/next/dist/bin/next"), "build"], { cwd: REPO_ROOT, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`next build failed (${reason}): ${result.stdout}\n${result.stderr}`);
}

export interface Launched {
  /** The process the test started: npm, or the launcher itself. It leads its own process group. */
  pid: number;
  port: number;
  /** Everything written to stdout and stderr so far. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  child: ChildProcess;
}

/**
 * Starts `npm start -- <args>` (or `node scripts/start.mjs <args>`) in its own process group, as a
 * terminal would, and waits for "MCP Fleet ready". `env` is added to this process's environment.
 */
export async function launch(opts: { via: "npm" | "node"; args: string[]; env: Record<string, string>; cwd?: string; readyTimeoutMs?: number }): Promise<Launched> {
  const [command, argv] =
    opts.via === "npm" ? ["npm", ["start", "--", ...opts.args]] : [process.execPath, [join(REPO_ROOT, "scripts/start.mjs"), ...opts.args]];
  const child = spawn(command, argv, {
    cwd: opts.cwd ?? REPO_ROOT,
    env: { ...process.env, MCP_FLEET_TOKEN: TOKEN, ...opts.env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += String(chunk)));
  child.stderr!.on("data", (chunk) => (output += String(chunk)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "MCP Fleet ready" within ${opts.readyTimeoutMs ?? 120_000} ms:\n${output}`)), opts.readyTimeoutMs ?? 120_000);
    const check = () => {
      const match = /MCP Fleet ready: http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on("data", check);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the dashboard exited (${signal ?? code}) before it was ready:\n${output}`));
    });
  });
  return { pid: child.pid!, port, output: () => output, exited, child };
}

/** A request to the dashboard's API with the token. */
export async function api(port: number, path: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; text: string; json: () => unknown }> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: init.method ?? "GET",
    headers: { authorization: `Bearer ${TOKEN}`, ...(init.body !== undefined ? { "content-type": "application/json" } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) };
}

/** Polls `/api/fleet` until `ready(state)` holds; returns that state. */
export async function waitForFleet(port: number, ready: (state: FleetState) => boolean, timeoutMs = 60_000): Promise<FleetState> {
  const deadline = Date.now() + timeoutMs;
  let last: FleetState | undefined;
  while (Date.now() < deadline) {
    const response = await api(port, "/api/fleet").catch(() => undefined);
    if (response?.status === 200) {
      last = response.json() as FleetState;
      if (ready(last)) return last;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the fleet did not get there in ${timeoutMs} ms; last state: ${JSON.stringify(last?.servers.map((s) => [s.id, s.status, s.error]))}`);
}

/** True when nothing listens on the port any more. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}
