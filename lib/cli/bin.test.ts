/**
 * The `mcp-fleet` bin as a user runs it: the built CLI started from a temp project folder (not the
 * checkout), against real stdio fixture servers, with HOME pointed at a temp folder. Stdout must hold the
 * answer alone, paths must land in the project, a closed pipe must end it quietly, and every kind of
 * config must be found where it runs. `npm run fleet` and `npm start` find the user's folder through INIT_CWD.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

import { afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { fixtureSpecPath, makeToolsFileServer, RAW_SERVER, REPO_ROOT } from "@/e2e/fixtures/fixture-servers";
import type { FleetSnapshot } from "@/lib/reconcile/types";
import { ensureCliBuild } from "@/scripts/build-cli.mjs";
import { processesMentioning } from "@/lib/fleet/testing/process-tree";
import { BIN, binEnv, runBin, tempProject } from "./testing/run-bin";

let root: string;
let project: string;
let home: string;

beforeAll(async () => {
  // Build once up front, so no test's timing or stderr includes the first build.
  await ensureCliBuild({ root: REPO_ROOT, log: () => {} });
}, 120_000);

beforeEach(() => {
  ({ root, project, home } = tempProject("mcp-fleet-bin-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Runs the bin in `cwd` (the project by default) and collects everything it wrote. */
const mcpFleet = (args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}) => runBin(args, { cwd: opts.cwd ?? project, home, env: opts.env });

/** A stdio entry running a spec copied into the temp folder, so its processes can be told from other tests'. */
function server(spec: string): { command: string; args: string[] } {
  const copy = path.join(root, `${path.basename(spec, ".json")}-${readdirSync(root).length}.json`);
  writeFileSync(copy, readFileSync(spec));
  return { command: process.execPath, args: [RAW_SERVER, copy] };
}

function write(file: string, content: unknown): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  return file;
}

/** Live processes whose command line mentions the temp folder: servers left behind. */
const leftovers = () => processesMentioning(root);

describe("run from a project folder", () => {
  test("snapshot --json: stdout is the FleetSnapshot and nothing else; what was read is said on stderr", { timeout: 60_000 }, async () => {
    write(path.join(project, ".mcp.json"), { mcpServers: { basic: server(fixtureSpecPath("basic")), pages: server(fixtureSpecPath("three-pages")) } });
    const run = await mcpFleet(["snapshot", "--json"]);
    expect(run.code).toBe(0);
    const snapshot = JSON.parse(run.stdout) as FleetSnapshot;
    expect(snapshot.servers.map((s) => [s.id, s.status])).toEqual([
      ["basic", "ready"],
      ["pages", "ready"],
    ]);
    expect(run.stderr).toBe(`reading .mcp.json in ${project}\n`);
    expect(leftovers()).toEqual([]);
  });

  test("snapshot prints the summary first and the servers right after it", { timeout: 60_000 }, async () => {
    write(path.join(project, ".mcp.json"), { mcpServers: { basic: server(fixtureSpecPath("basic")) } });
    const run = await mcpFleet(["snapshot"]);
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n").slice(0, 4)).toEqual([
      expect.stringMatching(/^fleet [0-9a-f]{16}: 1 server \(1 ready\), 2 tools \(2 exposed, 0 excluded\); 0 collisions, /),
      "",
      "servers",
      expect.stringMatching(/^ {2}basic {2}ready {2}2 tools {2}connect \d+ ms, list \d+ ms {2}\(fixture-basic 1\.0\.0\)$/),
    ]);
  });

  test("relative --config, --tools and --write are taken from the folder it runs in, never the checkout", { timeout: 60_000 }, async () => {
    const nested = path.join(project, "sub");
    write(path.join(nested, "fleet.mcp.json"), { mcpServers: { basic: server(fixtureSpecPath("basic")) } });
    const exported = await mcpFleet(["permissions", "export", "--config", "sub/fleet.mcp.json", "--format", "codex", "--write", "codex-rules.toml"]);
    expect(exported).toMatchObject({ code: 0, stdout: `wrote ${path.join(project, "codex-rules.toml")}\n` });
    expect(existsSync(path.join(project, "codex-rules.toml"))).toBe(true);
    expect(existsSync(path.join(REPO_ROOT, "codex-rules.toml"))).toBe(false);

    write(path.join(project, "saved.json"), { tools: [{ name: "ping", inputSchema: { type: "object" } }] });
    const reconciled = await mcpFleet(["reconcile", "--tools", "saved=saved.json", "--json"]);
    expect(reconciled.code).toBe(0);
    expect((JSON.parse(reconciled.stdout) as FleetSnapshot).forward).toEqual({ ping: { serverId: "saved", originalName: "ping" } });
  });

  test("check says there is no drift, in the project's lock file", { timeout: 90_000 }, async () => {
    write(path.join(project, ".mcp.json"), { mcpServers: { basic: server(fixtureSpecPath("basic")) } });
    const locked = await mcpFleet(["lock"]);
    expect(locked.stdout).toBe(`wrote ${path.join(project, "mcp-fleet.lock.json")}: 1 server, 2 tools\n`);
    const checked = await mcpFleet(["check"]);
    expect(checked).toMatchObject({ code: 0, stdout: `no drift: the live fleet matches ${path.join(project, "mcp-fleet.lock.json")} (1 server, 2 tools)\n` });
  });

  test("no config anywhere: the demo fleet, said on stderr, its data kept in the checkout", { timeout: 90_000 }, async () => {
    const run = await mcpFleet(["snapshot", "--json", "--timeout", "30000"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`no MCP config in ${project} (`);
    expect((JSON.parse(run.stdout) as FleetSnapshot).servers.map((s) => s.id)).toEqual(["chat", "docs", "githost", "tracker", "web", "wiki"]);
    expect(readdirSync(project)).toEqual([]);
  });

  test("bad arguments: one line on stderr, nothing on stdout, exit 2", async () => {
    expect(await mcpFleet(["snapshot", "--timeout", "soon"])).toEqual({
      code: 2,
      stdout: "",
      stderr: 'mcp-fleet snapshot: --timeout takes a whole number of milliseconds above 0, not "soon"\n',
    });
    const none = await mcpFleet([]);
    expect(none.code).toBe(2);
    expect(none.stdout).toBe("");
    expect(none.stderr).toMatch(/^usage: mcp-fleet <command>/);
  });
});

describe("a closed pipe ends it quietly", () => {
  /** Runs `mcp-fleet ... | head -c 64` in bash; the bin's own exit code and stderr, and what head printed. */
  function throughHead(args: string): { code: number; stderr: string; head: string } {
    const errFile = path.join(root, "stderr.txt");
    const result = spawnSync("bash", ["-c", `"${process.execPath}" "${BIN}" ${args} 2>"${errFile}" | head -c 64; exit "\${PIPESTATUS[0]}"`], {
      cwd: project,
      env: binEnv(home),
      encoding: "utf8",
      timeout: 90_000,
    });
    return { code: result.status ?? -1, stderr: readFileSync(errFile, "utf8"), head: result.stdout };
  }

  test("reconcile --json of 3,000 tools into `head -c 64`", { timeout: 60_000 }, () => {
    const tools = Array.from({ length: 3000 }, (_, i) => ({ name: `tool_${i}`, description: "x".repeat(200), inputSchema: { type: "object" } }));
    write(path.join(project, "big.json"), { tools });
    const run = throughHead("reconcile --tools big=big.json --json");
    expect(run).toEqual({ code: 0, stderr: "", head: expect.stringMatching(/^\{\n {2}"fleetHash": "/) });
  });

  test("snapshot --json of a live server with 3,000 tools into `head -c 64`: no trace, no server left", { timeout: 90_000 }, () => {
    const tools = Array.from({ length: 3000 }, (_, i) => ({ name: `tool_${i}`, description: "x".repeat(200), inputSchema: { type: "object" } }));
    const { specPath } = makeToolsFileServer(root, tools, { name: "big" });
    write(path.join(project, ".mcp.json"), { mcpServers: { big: { command: process.execPath, args: [RAW_SERVER, specPath] } } });
    const run = throughHead("snapshot --json --timeout 60000");
    expect(run).toEqual({ code: 0, stderr: `reading .mcp.json in ${project}\n`, head: expect.stringMatching(/^\{\n {2}"fleetHash": "/) });
    expect(leftovers()).toEqual([]);
  });
});

describe("stopped while it waits for a server", () => {
  test.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)("%s ends every server, then the process (exit %i)", { timeout: 60_000 }, async (signal, exitCode) => {
    write(path.join(project, ".mcp.json"), { mcpServers: { hang: server(fixtureSpecPath("hang")), basic: server(fixtureSpecPath("basic")) } });
    const child = spawn(process.execPath, [BIN, "snapshot", "--timeout", "60000"], { cwd: project, env: binEnv(home), stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    await expect.poll(() => leftovers().length, { timeout: 30_000 }).toBe(2);
    child.kill(signal);
    expect(await exited).toBe(exitCode);
    expect(stderr).toBe(`reading .mcp.json in ${project}\n`);
    await expect.poll(leftovers, { timeout: 10_000 }).toEqual([]);
  });
});

describe("every kind of project config is found where it runs", () => {
  test.each([
    [".mcp.json", (s: object) => ({ mcpServers: { found: s } })],
    [".cursor/mcp.json", (s: object) => ({ mcpServers: { found: s } })],
    [".vscode/mcp.json", (s: object) => ({ servers: { found: { type: "stdio", ...s } } })],
    [".codex/config.toml", (s: { command: string; args: string[] }) => `[mcp_servers.found]\ncommand = ${JSON.stringify(s.command)}\nargs = ${JSON.stringify(s.args)}\n`],
  ])("%s", { timeout: 60_000 }, async (name, content) => {
    write(path.join(project, name), content(server(fixtureSpecPath("basic"))));
    const run = await mcpFleet(["snapshot", "--json"]);
    expect(run.stderr).toBe(`reading ${name} in ${project}\n`);
    expect((JSON.parse(run.stdout) as FleetSnapshot).servers.map((s) => [s.id, s.status, s.toolCount])).toEqual([["found", "ready", 2]]);
  });

  test("~/.claude.json: the entry for this folder, not the user-scope servers nor other projects'", { timeout: 60_000 }, async () => {
    write(path.join(home, ".claude.json"), {
      mcpServers: { personal: server(fixtureSpecPath("three-pages")) },
      projects: {
        [project]: { mcpServers: { local: server(fixtureSpecPath("basic")) } },
        [root]: { mcpServers: { elsewhere: server(fixtureSpecPath("basic")) } },
      },
    });
    const run = await mcpFleet(["snapshot", "--json"]);
    expect(run.stderr).toBe(`reading ~/.claude.json (its entry for this folder) in ${project}\n`);
    expect((JSON.parse(run.stdout) as FleetSnapshot).servers.map((s) => [s.id, s.status])).toEqual([["local", "ready"]]);
    // Its state belongs to the project, not to the home folder.
    expect((await mcpFleet(["lock"])).stdout).toBe(`wrote ${path.join(project, "mcp-fleet.lock.json")}: 1 server, 2 tools\n`);
  });
});

describe("from the checkout, INIT_CWD is the user's folder", () => {
  test("npm run fleet: relative paths from where npm was typed", { timeout: 90_000 }, () => {
    write(path.join(project, "saved.json"), { tools: [{ name: "ping", inputSchema: { type: "object" } }] });
    const result = spawnSync("npm", ["--prefix", REPO_ROOT, "run", "-s", "fleet", "--", "reconcile", "--tools", "saved=saved.json", "--json"], {
      cwd: project,
      env: { ...process.env, HOME: home },
      encoding: "utf8",
      timeout: 90_000,
    });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect((JSON.parse(result.stdout) as FleetSnapshot).forward).toEqual({ ping: { serverId: "saved", originalName: "ping" } });
  });

  test("npm start: the configs of INIT_CWD are read (said before anything else)", { timeout: 90_000 }, () => {
    write(path.join(project, ".cursor/mcp.json"), { mcpServers: { basic: server(fixtureSpecPath("basic")) } });
    // A dist folder with no build and --no-build: the launcher stops right after choosing its configs.
    const result = spawnSync(process.execPath, [path.join(REPO_ROOT, "scripts", "start.mjs"), "--no-build", "--port", "0"], {
      cwd: REPO_ROOT,
      env: binEnv(home, { INIT_CWD: project, NEXT_DIST_DIR: ".next-none-mcp-fleet-bin-test" }),
      encoding: "utf8",
      timeout: 90_000,
    });
    expect(result.stderr).toBe(`reading .cursor/mcp.json in ${project}\n--no-build: no build in .next-none-mcp-fleet-bin-test; run without --no-build once.\n`);
    expect(result.status).toBe(1);
  });
});
