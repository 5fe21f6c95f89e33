/**
 * connect20: 20 stdio servers connected by the FleetManager vs the
 * slowest of them alone; `ratio` = fleet / slowest (goal <= 1.3). The servers are minimal plain-Node
 * MCP responders whose start-up latency (50 ms x i, like an auth or network round trip) dominates, so
 * the figure measures the manager's concurrency, not 20 Node start-ups on 2 cores (an SDK-based server
 * spends ~0.6 CPU-seconds loading modules: 20 of them are CPU-bound on 2 cores whatever the client does).
 * The slowest is configured last (the worst case): Node spawns children synchronously, one after another,
 * so its start waits for the 19 spawns before it; `spawn20Ms` reports that floor on this machine.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { LoadedConfig, ServerConfig } from "../../lib/config/types";
import { FleetManager } from "../../lib/fleet/manager";
import type { Benchmark } from "../types";

const SERVERS = 20;
const STEP_MS = 50;
const ROUNDS = 3;
const TOOLS_PER_SERVER = 25;

/** One MCP server over stdio without the SDK: answers initialize, tools/list (two pages) and ping after a start-up delay. */
const SERVER_SOURCE = String.raw`
const [delay, id] = [Number(process.argv[2]), process.argv[3]];
const tools = Array.from({ length: ${TOOLS_PER_SERVER} }, (_, i) => ({
  name: i === 0 ? "search" : id + "_tool_" + i,
  description: "Tool " + i + " of " + id + ".",
  inputSchema: { type: "object", properties: { q: { type: "string", description: "Query." }, limit: { type: "integer" } }, required: ["q"] },
}));
const send = (message) => process.stdout.write(JSON.stringify(message) + "\n");
function handle(m) {
  if (m.id === undefined) return;
  if (m.method === "initialize") send({ jsonrpc: "2.0", id: m.id, result: { protocolVersion: m.params.protocolVersion, capabilities: { tools: { listChanged: true } }, serverInfo: { name: id, version: "1.0.0" } } });
  else if (m.method === "tools/list") send({ jsonrpc: "2.0", id: m.id, result: m.params && m.params.cursor === "2" ? { tools: tools.slice(13) } : { tools: tools.slice(0, 13), nextCursor: "2" } });
  else if (m.method === "ping") send({ jsonrpc: "2.0", id: m.id, result: {} });
  else send({ jsonrpc: "2.0", id: m.id, error: { code: -32601, message: "Method not found" } });
}
setTimeout(() => {
  let buffer = "";
  process.stdin.on("data", (chunk) => {
    buffer += chunk;
    for (let nl = buffer.indexOf("\n"); nl >= 0; nl = buffer.indexOf("\n")) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (line.trim()) handle(JSON.parse(line));
    }
  });
  process.stdin.on("end", () => process.exit(0));
}, delay);
`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function config(id: string, command: { command: string; args: string[] }): ServerConfig {
  return { id, transport: "stdio", enabled: true, source: { file: "(bench)", format: "runtime" }, ...command };
}

/** Milliseconds from start() to every server ready and the fleet reconciled; throws if one is not. */
async function timeFleet(servers: ServerConfig[]): Promise<number> {
  const manager = new FleetManager({ timeoutMs: 60_000 });
  try {
    const loaded: LoadedConfig = { servers, findings: [], files: [] };
    const started = performance.now();
    await manager.start(loaded);
    // The reconciled state is what users wait for, so building it is part of the time.
    const state = manager.getState();
    const elapsed = performance.now() - started;
    const failed = state.servers.filter((s) => s.status !== "ready");
    if (failed.length) throw new Error(`not ready: ${failed.map((s) => `${s.id} (${s.error})`).join(", ")}`);
    return elapsed;
  } finally {
    await manager.close();
  }
}

/** Alternates "slowest alone" and "all together" so both see the same machine state; medians of ROUNDS. */
async function compare(fleet: ServerConfig[], slowest: ServerConfig): Promise<{ fleetMs: number; slowestMs: number }> {
  await timeFleet([slowest]); // warm-up: the file cache, the JIT of our own client code
  const alone: number[] = [];
  const together: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    alone.push(await timeFleet([slowest]));
    together.push(await timeFleet(fleet));
  }
  return { fleetMs: median(together), slowestMs: median(alone) };
}

/** Milliseconds the parent spends in `spawn()` itself for n children (they are ended at once). */
function timeSpawns(script: string, n: number): number {
  const started = performance.now();
  const children = Array.from({ length: n }, () => spawn(process.execPath, [script, "0", "x"], { stdio: ["pipe", "ignore", "ignore"] }));
  const elapsed = performance.now() - started;
  for (const child of children) child.kill("SIGKILL");
  return elapsed;
}

export const benchmark: Benchmark = {
  name: "connect20",
  async run() {
    const dir = mkdtempSync(join(tmpdir(), "mcp-fleet-connect20-"));
    try {
      const script = join(dir, "bench-server.mjs");
      writeFileSync(script, SERVER_SOURCE);
      const fleet = Array.from({ length: SERVERS }, (_, i) => {
        const id = `s${String(i + 1).padStart(2, "0")}`;
        return config(id, { command: process.execPath, args: [script, String(STEP_MS * (i + 1)), id] });
      });
      const latency = await compare(fleet, fleet[fleet.length - 1]);
      const spawnMs = timeSpawns(script, SERVERS);

      return {
        servers: SERVERS,
        fleetMs: Math.round(latency.fleetMs),
        slowestMs: Math.round(latency.slowestMs),
        ratio: latency.fleetMs / latency.slowestMs,
        goal: "ratio <= 1.3",
        // The floor the OS sets: Node spawns children synchronously on the main thread, one after another.
        spawn20Ms: Math.round(spawnMs),
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
