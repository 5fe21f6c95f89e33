/**
 * connect20: 20 stdio servers connected by the FleetManager vs the slowest of them alone; `ratio` =
 * fleet / slowest (goal <= 1.3). Each server's start-up latency (50 ms x i, like an auth or network
 * round trip) dominates, so the ratio measures the manager's concurrency. The servers of the goal are
 * POSIX sh scripts: they start in about a millisecond, so 20 of them starting at once cost the CPU
 * nothing. The same fleet of plain-Node servers is reported beside it (`node*`), with the floor this
 * machine sets for it (`nodeBare*`: the same 20 spawned and listed by a bare driver, no SDK, no
 * manager): 20 Node start-ups at once are CPU-bound on 2 cores whatever the client does.
 * The slowest is configured last (the worst case): Node spawns children synchronously, one after
 * another, so its start waits for the 19 spawns before it; `spawn20Ms` reports that floor.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { LoadedConfig, ServerConfig } from "../../lib/config/types";
import { FleetManager } from "../../lib/fleet/manager";
import { median } from "../stats";
import type { Benchmark } from "../types";

const SERVERS = 20;
const STEP_MS = 50;
const ROUNDS = 3;
const TOOLS_PER_SERVER = 25;
/** tools/list answers in two pages: the first has this many tools. */
const PAGE_ONE = 13;

function toolsOf(id: string): object[] {
  return Array.from({ length: TOOLS_PER_SERVER }, (_, i) => ({
    name: i === 0 ? "search" : `${id}_tool_${i}`,
    description: `Tool ${i} of ${id}.`,
    inputSchema: { type: "object", properties: { q: { type: "string", description: "Query." }, limit: { type: "integer" } }, required: ["q"] },
  }));
}

/**
 * One MCP server in POSIX sh: sleeps its start-up delay, then answers initialize (echoing the asked
 * protocol version), tools/list in two pages (given whole as $2 and $3) and ping, one line each.
 * The JSON-RPC id is read as the text after `"id":`; the client's requests carry no other `"id":`.
 */
const SH_SERVER = String.raw`sleep "$1"
while IFS= read -r line; do
  case "$line" in *'"id":'*) ;; *) continue ;; esac
  id=@{line#*\"id\":}
  id=@{id%%[,\}]*}
  case "$line" in
    *'"method":"initialize"'*)
      version=@{line#*\"protocolVersion\":\"}
      version=@{version%%\"*}
      printf '{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"%s","capabilities":{"tools":{"listChanged":true}},"serverInfo":{"name":"sh-bench","version":"1.0.0"}}}\n' "$id" "$version" ;;
    *'"cursor":"2"'*) printf '{"jsonrpc":"2.0","id":%s,"result":{"tools":%s}}\n' "$id" "$3" ;;
    *'"method":"tools/list"'*) printf '{"jsonrpc":"2.0","id":%s,"result":{"tools":%s,"nextCursor":"2"}}\n' "$id" "$2" ;;
    *'"method":"ping"'*) printf '{"jsonrpc":"2.0","id":%s,"result":{}}\n' "$id" ;;
    *) printf '{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"Method not found"}}\n' "$id" ;;
  esac
done
`.replaceAll("@{", "${"); // sh's parameter expansions, written so the template literal leaves them alone

/** The same server in plain Node (no SDK): the same arguments, delay in seconds then the two pages. */
const NODE_SERVER = String.raw`
const [delay, pageOne, pageTwo] = [Number(process.argv[2]) * 1000, JSON.parse(process.argv[3]), JSON.parse(process.argv[4])];
const send = (message) => process.stdout.write(JSON.stringify(message) + "\n");
function handle(m) {
  if (m.id === undefined) return;
  if (m.method === "initialize") send({ jsonrpc: "2.0", id: m.id, result: { protocolVersion: m.params.protocolVersion, capabilities: { tools: { listChanged: true } }, serverInfo: { name: "node-bench", version: "1.0.0" } } });
  else if (m.method === "tools/list") send({ jsonrpc: "2.0", id: m.id, result: m.params && m.params.cursor === "2" ? { tools: pageTwo } : { tools: pageOne, nextCursor: "2" } });
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

function config(id: string, command: { command: string; args: string[] }): ServerConfig {
  return { id, transport: "stdio", enabled: true, source: { file: "(bench)", format: "runtime" }, ...command };
}

/** Server i of 20 (1-based): its id and start-up delay. */
function serverIds(): { id: string; delayMs: number }[] {
  return Array.from({ length: SERVERS }, (_, i) => ({ id: `s${String(i + 1).padStart(2, "0")}`, delayMs: STEP_MS * (i + 1) }));
}

/** The 20 servers run by `command script`: each gets its delay (seconds) and its two tools/list pages as arguments. */
function fleetOf(command: string, script: string): ServerConfig[] {
  return serverIds().map(({ id, delayMs }) => {
    const tools = toolsOf(id);
    const pages = [JSON.stringify(tools.slice(0, PAGE_ONE)), JSON.stringify(tools.slice(PAGE_ONE))];
    return config(id, { command, args: [script, String(delayMs / 1000), ...pages] });
  });
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
    const failed = state.snapshot.servers.filter((s) => s.status !== "ready" || s.toolCount !== TOOLS_PER_SERVER);
    if (failed.length) throw new Error(`not ready with ${TOOLS_PER_SERVER} tools: ${failed.map((s) => `${s.id} (${s.error ?? `${s.toolCount} tools`})`).join(", ")}`);
    return elapsed;
  } finally {
    await manager.close();
  }
}

/**
 * The floor for a fleet: its servers spawned (in their own process groups, as the manager does),
 * initialized and listed (both pages) by raw JSON-RPC lines, with no SDK and no reconcile.
 */
async function timeBare(servers: ServerConfig[]): Promise<number> {
  const started = performance.now();
  await Promise.all(servers.map((server) => bareList(server)));
  return performance.now() - started;
}

function bareList(server: ServerConfig): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(server.command!, server.args ?? [], { stdio: ["pipe", "pipe", "ignore"], detached: true });
    const send = (message: object) => child.stdin.write(JSON.stringify(message) + "\n");
    let buffer = "";
    let answers = 0;
    child.on("error", reject);
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      buffer += chunk;
      for (let nl = buffer.indexOf("\n"); nl >= 0; nl = buffer.indexOf("\n")) {
        const answer = JSON.parse(buffer.slice(0, nl)) as { error?: unknown };
        buffer = buffer.slice(nl + 1);
        if (answer.error) return reject(new Error(`${server.id}: ${JSON.stringify(answer.error)}`));
        answers++;
        if (answers === 1) {
          send({ jsonrpc: "2.0", method: "notifications/initialized" });
          send({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });
        } else if (answers === 2) send({ jsonrpc: "2.0", id: 2, method: "tools/list", params: { cursor: "2" } });
        else {
          child.stdin.end();
          resolve();
        }
      }
    });
    send({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } } });
  });
}

/** Alternates "slowest alone" and "all together" so both see the same machine state; medians of ROUNDS. */
async function compare(fleet: ServerConfig[], time: (servers: ServerConfig[]) => Promise<number>): Promise<{ fleetMs: number; slowestMs: number; ratio: number }> {
  const slowest = fleet[fleet.length - 1];
  await time([slowest]); // warm-up: the file cache, the JIT of our own client code
  const alone: number[] = [];
  const together: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    alone.push(await time([slowest]));
    together.push(await time(fleet));
  }
  const fleetMs = median(together);
  const slowestMs = median(alone);
  return { fleetMs: Math.round(fleetMs), slowestMs: Math.round(slowestMs), ratio: Number((fleetMs / slowestMs).toFixed(3)) };
}

/** Milliseconds the parent spends in `spawn()` itself for n children (they are ended at once). */
function timeSpawns(script: string, n: number): number {
  const started = performance.now();
  const children = Array.from({ length: n }, () => spawn(process.execPath, [script, "0", "[]", "[]"], { stdio: ["pipe", "ignore", "ignore"] }));
  const elapsed = performance.now() - started;
  for (const child of children) child.kill("SIGKILL");
  return elapsed;
}

export const benchmark: Benchmark = {
  name: "connect20",
  async run() {
    const dir = mkdtempSync(join(tmpdir(), "mcp-fleet-connect20-"));
    try {
      const shScript = join(dir, "bench-server.sh");
      const nodeScript = join(dir, "bench-server.mjs");
      writeFileSync(shScript, SH_SERVER);
      writeFileSync(nodeScript, NODE_SERVER);
      const sh = await compare(fleetOf("/bin/sh", shScript), timeFleet);
      const nodeServers = fleetOf(process.execPath, nodeScript);
      const node = await compare(nodeServers, timeFleet);
      const nodeBare = await compare(nodeServers, timeBare);
      return {
        servers: SERVERS,
        fleetMs: sh.fleetMs,
        slowestMs: sh.slowestMs,
        ratio: sh.ratio,
        goal: "ratio <= 1.3",
        nodeFleetMs: node.fleetMs,
        nodeSlowestMs: node.slowestMs,
        nodeRatio: node.ratio,
        nodeBareFleetMs: nodeBare.fleetMs,
        nodeBareSlowestMs: nodeBare.slowestMs,
        nodeBareRatio: nodeBare.ratio,
        // The floor the OS sets: Node spawns children synchronously on the main thread, one after another.
        spawn20Ms: Math.round(timeSpawns(nodeScript, SERVERS)),
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
