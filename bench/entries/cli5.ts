/**
 * cli5: `mcp-fleet snapshot --json` of five stdio servers (five demo specs served by raw-server.mjs,
 * SDK servers like most real ones), run from the project's folder as a user runs it, vs the floor: a
 * minimal MCP SDK script that spawns, initializes and lists the same five at once, prints the lists and
 * closes them. Both are whole processes timed from spawn to exit; `ratio` = cli / floor. The old path,
 * `npm run fleet -- snapshot --json` (npm, then tsx compiling the TypeScript on every call), runs in the
 * same rounds for the gain; `cliAnswerMs` is when the bin's answer began to arrive. Medians of ROUNDS,
 * the three commands alternated so they see the same machine. (MCP Inspector's CLI, listing the five one
 * by one, was measured at about 3.9 s: the goal for the bin is a fifth of that.)
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { ensureCliBuild } from "../../scripts/build-cli.mjs";
import type { Benchmark } from "../types";

const ROOT = resolve(__dirname, "..", "..");
const RAW_SERVER = join(ROOT, "lib", "demo", "raw-server.mjs");
const SERVERS = ["chat", "docs", "githost", "tracker", "web"];
const ROUNDS = 5;
const INSPECTOR_CLI_MS = 3_900;

/** The floor: the SDK's own client, every server at once, every tools/list page, nothing else. */
function floorSource(): string {
  const sdk = createRequire(join(ROOT, "package.json"));
  const url = (specifier: string) => JSON.stringify(pathToFileURL(sdk.resolve(specifier)).href);
  return `
import { Client } from ${url("@modelcontextprotocol/sdk/client/index.js")};
import { StdioClientTransport } from ${url("@modelcontextprotocol/sdk/client/stdio.js")};
import { ResultSchema } from ${url("@modelcontextprotocol/sdk/types.js")};
// Static imports are loaded before this line runs: the time from process start to here is loading the SDK.
process.stderr.write("sdk-loaded " + performance.now() + "\\n");
const servers = JSON.parse(process.argv[2]);
const listed = await Promise.all(servers.map(async ({ command, args }) => {
  const client = new Client({ name: "floor", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command, args, stderr: "ignore" }));
  const tools = [];
  let cursor;
  do {
    // As leniently as the fleet reads it: one spec-violating tool must not fail the list.
    const page = await client.request({ method: "tools/list", params: cursor ? { cursor } : {} }, ResultSchema);
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  return { client, tools };
}));
process.stdout.write(JSON.stringify(listed.map((l) => l.tools)) + "\\n");
await Promise.all(listed.map((l) => l.client.close()));
`;
}

interface Timed {
  totalMs: number;
  firstOutputMs: number;
  stdout: string;
  stderr: string;
}

/** Spawn to exit, and spawn to the first byte on stdout; throws unless it exits 0. */
function timeProcess(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<Timed> {
  return new Promise((resolveRun, reject) => {
    const started = performance.now();
    let firstOutputMs = -1;
    let stdout = "";
    let stderr = "";
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk: Buffer) => {
      if (firstOutputMs < 0) firstOutputMs = performance.now() - started;
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => {
      const totalMs = performance.now() - started;
      if (code !== 0) reject(new Error(`${[command, ...args].join(" ")} exited ${code}: ${stderr.trim().split("\n").slice(-3).join(" | ")}`));
      else resolveRun({ totalMs, firstOutputMs, stdout, stderr });
    });
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Every run must have listed the five servers' tools, or the timing means nothing. */
function checkSnapshot(stdout: string, what: string): void {
  const snapshot = JSON.parse(stdout) as { servers: { id: string; status: string }[] };
  const ready = snapshot.servers.filter((s) => s.status === "ready").map((s) => s.id);
  if (ready.join() !== SERVERS.join()) throw new Error(`${what}: ready servers ${ready.join(", ")}, expected ${SERVERS.join(", ")}`);
}

export const benchmark: Benchmark = {
  name: "cli5",
  async run() {
    const dir = mkdtempSync(join(tmpdir(), "mcp-fleet-cli5-"));
    try {
      const project = join(dir, "project");
      mkdirSync(project);
      const servers = SERVERS.map((id) => ({ command: process.execPath, args: [RAW_SERVER, join(ROOT, "lib", "demo", "servers", `${id}.json`)] }));
      writeFileSync(join(project, ".mcp.json"), JSON.stringify({ mcpServers: Object.fromEntries(SERVERS.map((id, i) => [id, servers[i]])) }, null, 2));
      const floorScript = join(dir, "floor.mjs");
      writeFileSync(floorScript, floorSource());
      await ensureCliBuild({ root: ROOT, log: () => {} });

      const bin = () => timeProcess(process.execPath, [join(ROOT, "bin", "mcp-fleet.mjs"), "snapshot", "--json"], project);
      const floor = () => timeProcess(process.execPath, [floorScript, JSON.stringify(servers)], project);
      // npm run moves to the checkout; INIT_CWD (set by npm from where it was typed) brings the command back to the project.
      const old = () => timeProcess("npm", ["--prefix", ROOT, "run", "-s", "fleet", "--", "snapshot", "--json"], project);

      // Warm-up: the file cache, tsx's compile cache, the CLI build.
      checkSnapshot((await bin()).stdout, "mcp-fleet");
      checkSnapshot((await old()).stdout, "npm run fleet");
      if ((JSON.parse((await floor()).stdout) as unknown[]).length !== SERVERS.length) throw new Error("the floor script did not list five servers");

      const times = { cli: [] as number[], answer: [] as number[], floor: [] as number[], sdkLoad: [] as number[], old: [] as number[] };
      for (let round = 0; round < ROUNDS; round++) {
        const f = await floor();
        times.floor.push(f.totalMs);
        times.sdkLoad.push(Number(/sdk-loaded ([\d.]+)/.exec(f.stderr)?.[1] ?? NaN));
        const c = await bin();
        checkSnapshot(c.stdout, "mcp-fleet");
        times.cli.push(c.totalMs);
        times.answer.push(c.firstOutputMs);
        const o = await old();
        checkSnapshot(o.stdout, "npm run fleet");
        times.old.push(o.totalMs);
      }
      const cliMs = median(times.cli);
      const floorMs = median(times.floor);
      const oldMs = median(times.old);
      return {
        servers: SERVERS.length,
        cliMs: Math.round(cliMs),
        cliAnswerMs: Math.round(median(times.answer)),
        floorMs: Math.round(floorMs),
        // The floor imports the SDK's ESM files one by one; the bin loads one bundle: why the ratio can fall below 1.
        floorSdkLoadMs: Math.round(median(times.sdkLoad)),
        ratio: cliMs / floorMs,
        oldMs: Math.round(oldMs),
        gain: oldMs / cliMs,
        goal: `ratio reported; cliMs <= ${INSPECTOR_CLI_MS / 5} (a fifth of MCP Inspector's CLI, ${INSPECTOR_CLI_MS / 1000} s)`,
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
