/**
 * What the dashboard benchmarks share: a 10,000-tool fleet of raw MCP servers (lib/demo/raw-server.mjs,
 * 10 servers of 1,000 tools in 10 tools/list pages, one shared name), the production launcher serving
 * it, Debian's Chromium signed in, and a median. `live: true` serves the first server's tools from a
 * file, so a benchmark can change its list and time the list_changed it sends.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromium, type Browser } from "@playwright/test";

export const SERVERS = 10;
export const TOOLS_PER_SERVER = 1000;
export const PAGE_SIZE = 100;
const ROOT = resolve(__dirname, "..");
const RAW_SERVER = join(ROOT, "lib", "demo", "raw-server.mjs");

export function toolName(server: number, index: number): string {
  return index === TOOLS_PER_SERVER - 1 ? "search" : `op_${String(server * 1000 + index).padStart(5, "0")}`;
}

export function rawTool(server: number, index: number, name = toolName(server, index)): Record<string, unknown> {
  const properties = {
    query: { type: "string", description: "What to look for." },
    limit: { type: "integer", minimum: 1, maximum: 100, default: 20 },
    cursor: { type: "string", description: "Opaque cursor from a previous page." },
  };
  // Every 50th tool has a root oneOf, so the fleet flattens some schemas as real fleets do.
  const inputSchema =
    index % 50 === 7
      ? { type: "object", properties: { ...properties, id: { type: "string" }, key: { type: "string" } }, oneOf: [{ required: ["id"] }, { required: ["key"] }] }
      : { type: "object", properties, required: index % 3 === 0 ? ["query"] : [] };
  return { name, description: `Tool ${name} of bench server ${server}: returns matching records, paginated with a cursor.`, inputSchema };
}

/** One server's tools in its pages, plus any extra tools on the last page. */
export function serverPages(server: number, extra: Record<string, unknown>[] = []): Record<string, unknown>[][] {
  const tools = [...Array.from({ length: TOOLS_PER_SERVER }, (_, i) => rawTool(server, i)), ...extra];
  return Array.from({ length: Math.ceil(tools.length / PAGE_SIZE) }, (_, p) => tools.slice(p * PAGE_SIZE, (p + 1) * PAGE_SIZE));
}

export interface BenchFleet {
  configPath: string;
  /** With `live`: the first server's tools file (write it to change its list) and the file its list_changed times go to. */
  toolsFile?: string;
  listChangedLog?: string;
}

/** Where writeFleet(dir, { live: true }) puts the config and the first server's files. */
export function liveFleetFiles(dir: string): Required<BenchFleet> {
  return { configPath: join(dir, ".mcp.json"), toolsFile: join(dir, "bench-0.tools.json"), listChangedLog: join(dir, "bench-0.list-changed.log") };
}

export function writeFleet(dir: string, opts: { live?: boolean } = {}): BenchFleet {
  const servers: Record<string, unknown> = {};
  const fleet: BenchFleet = { configPath: join(dir, ".mcp.json") };
  for (let s = 0; s < SERVERS; s++) {
    const specPath = join(dir, `bench-${s}.json`);
    const spec: Record<string, unknown> = { serverInfo: { name: `bench-${s}`, version: "1.0.0" }, transport: "stdio" };
    if (opts.live && s === 0) {
      Object.assign(fleet, liveFleetFiles(dir));
      writeFileSync(fleet.toolsFile!, JSON.stringify(serverPages(0)));
      writeFileSync(fleet.listChangedLog!, "");
      Object.assign(spec, { toolsFile: fleet.toolsFile, listChangedLog: fleet.listChangedLog });
    } else {
      spec.pages = serverPages(s);
    }
    writeFileSync(specPath, JSON.stringify(spec));
    servers[`bench-${s}`] = { command: process.execPath, args: [RAW_SERVER, specPath] };
  }
  writeFileSync(fleet.configPath, JSON.stringify({ mcpServers: servers }, null, 2));
  return fleet;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Starts the production launcher on a free port; resolves with its base URL once it prints "ready". */
export function startServer(configPath: string, dataDir: string, token: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, [join(ROOT, "scripts", "start.mjs"), "--port", "0", "--config", configPath, "--timeout", "120000"], {
    cwd: ROOT,
    env: { ...process.env, MCP_FLEET_TOKEN: token, MCP_FLEET_DATA: dataDir, NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next-bench" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolveStart, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`launcher not ready after 10 minutes:\n${out.slice(-2000)}`)), 600_000);
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
      const match = /MCP Fleet ready: (http:\/\/[^/\s]+)\//.exec(out);
      if (match) {
        clearTimeout(timer);
        resolveStart({ child, baseUrl: match[1] });
      }
    });
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`launcher exited with ${code}:\n${out.slice(-2000)}`));
    });
  });
}

/**
 * The dashboard server's peak resident memory so far, in MB (Linux's VmHWM of the launcher process, which
 * runs Next and the FleetManager; the MCP servers are processes of their own); null where /proc is absent.
 */
export function peakRssMb(child: ChildProcess): number | null {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

/**
 * Waits until every bench server is ready with all its tools; returns the fleet's tool count and the
 * size in bytes of the index as the pages fetch it (packed) and as objects (`GET /api/fleet/index`).
 */
export async function waitForFleet(baseUrl: string, token: string): Promise<{ tools: number; indexBytes: number; indexObjectsBytes: number }> {
  const deadline = Date.now() + 300_000;
  const get = (path: string) => fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  for (;;) {
    const response = await get("/api/fleet/index?form=packed");
    if (response.ok) {
      const text = await response.text();
      const index = JSON.parse(text) as { servers: { status: string }[]; tools: unknown[] };
      const ready = index.servers.filter((s) => s.status === "ready").length;
      if (ready === SERVERS && index.tools.length >= SERVERS * TOOLS_PER_SERVER) {
        const objects = await (await get("/api/fleet/index")).text();
        return { tools: index.tools.length, indexBytes: Buffer.byteLength(text), indexObjectsBytes: Buffer.byteLength(objects) };
      }
      if (index.servers.some((s) => s.status === "error")) throw new Error("a bench server failed to start");
    }
    if (Date.now() > deadline) throw new Error("the 10,000-tool fleet was not ready after 5 minutes");
    await new Promise((r) => setTimeout(r, 1000));
  }
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}

/** UI10K_URL + UI10K_TOKEN: measure a launcher already serving this fleet (to iterate on the UI). */
export function externalServer(): { baseUrl: string; token: string } | null {
  return process.env.UI10K_URL && process.env.UI10K_TOKEN ? { baseUrl: process.env.UI10K_URL, token: process.env.UI10K_TOKEN } : null;
}
