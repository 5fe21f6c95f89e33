// Starting servers as their client does (working folder, environment) and ending them as a whole
// process group: real configs on disk, real raw-server processes, an npx-like wrapper with a helper.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { FIXTURES_DIR, RAW_SERVER, REPO_ROOT } from "@/e2e/fixtures/fixture-servers";
import { loadConfigs } from "@/lib/config";
import type { ServerConfig } from "@/lib/config/types";
import { FleetManager } from "./manager";
import { shellEnvironment } from "./server-env";
import { isAlive, processGroupMembers } from "./testing/process-tree";
import type { FleetState } from "./types";

const scratch = mkdtempSync(join(tmpdir(), "mcp-fleet-launch-"));
const managers: FleetManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.close()));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The terminal the user ran MCP Fleet from: npm's cache and a proxy set, as a daily user has them. */
const SHELL = shellEnvironment({ ...process.env, npm_config_cache: join(scratch, "npm-cache"), HTTPS_PROXY: "http://127.0.0.1:9" });
const VARIABLES = ["npm_config_cache", "HTTPS_PROXY"];

function manager(fields: { workDir?: string } = {}): FleetManager {
  const m = new FleetManager({ timeoutMs: 15_000, shellEnv: SHELL, ...fields });
  managers.push(m);
  return m;
}

/** A project folder holding a probe spec that only a server started in this folder can find (`./probe.json`). */
function project(name: string, probe: Record<string, unknown>): string {
  const dir = join(scratch, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "probe.json"),
    JSON.stringify({ serverInfo: { name: "probe", version: "1.0.0" }, reportCwd: true, reportEnv: VARIABLES, pages: [[{ name: "where", inputSchema: { type: "object" } }]], ...probe }),
  );
  return dir;
}

const server = (state: FleetState, id: string) => state.servers.find((s) => s.id === id)!;

describe("a server starts as its client would start it", () => {
  test(".mcp.json: in the project folder (a relative path in args works), with the shell's variables", { timeout: 60_000 }, async () => {
    const dir = project("claude", { requireEnv: VARIABLES });
    writeFileSync(join(dir, ".mcp.json"), JSON.stringify({ mcpServers: { probe: { command: process.execPath, args: [RAW_SERVER, "./probe.json"] } } }));
    // MCP Fleet itself runs from its checkout, as `npm start` does.
    const loaded = await loadConfigs([join(dir, ".mcp.json")], { env: process.env, runDir: REPO_ROOT });
    const m = manager({ workDir: REPO_ROOT });
    await m.start(loaded);
    const probe = server(m.getState(), "probe");
    expect(probe.status).toBe("ready");
    expect(probe.config.cwd).toBe(dir);
    // Names only: the values never leave the server.
    expect(probe.instructions).toBe(`cwd: ${dir}\nenv: npm_config_cache=set HTTPS_PROXY=set`);
  });

  test("the probe fails when started anywhere else (the checkout), naming what it missed", { timeout: 60_000 }, async () => {
    const dir = project("elsewhere", {});
    const config: ServerConfig = { id: "probe", transport: "stdio", command: process.execPath, args: [RAW_SERVER, "./probe.json"], enabled: true, source: { file: join(dir, ".mcp.json"), format: "runtime" } };
    const m = manager({ workDir: REPO_ROOT });
    await m.start({ servers: [config], findings: [], files: [] });
    expect(server(m.getState(), "probe").error).toMatch(/^exited with code 2 before answering initialize; stderr: raw-server: cannot read spec .*probe\.json/);
  });

  test("Codex: a relative cwd from the project, and only Codex's default variables plus env_vars", { timeout: 60_000 }, async () => {
    const dir = project("codex/tools", {});
    mkdirSync(join(scratch, "codex", ".codex"), { recursive: true });
    const toml = `[mcp_servers.probe]\ncommand = ${JSON.stringify(process.execPath)}\nargs = [${JSON.stringify(RAW_SERVER)}, "./probe.json"]\ncwd = "tools"\nenv_vars = ["npm_config_cache"]\n`;
    writeFileSync(join(scratch, "codex", ".codex", "config.toml"), toml);
    const loaded = await loadConfigs([join(scratch, "codex", ".codex", "config.toml")], { env: SHELL, runDir: REPO_ROOT });
    const m = manager({ workDir: REPO_ROOT });
    await m.start(loaded);
    expect(server(m.getState(), "probe").instructions).toBe(`cwd: ${dir}\nenv: npm_config_cache=set HTTPS_PROXY=missing`);
  });
});

describe("a server runs in its own process group and ends with everything it started", () => {
  const wrapped = (id: string): ServerConfig => ({
    id,
    transport: "stdio",
    command: process.execPath,
    args: [join(FIXTURES_DIR, "npx-like.mjs"), join(FIXTURES_DIR, "basic.json")],
    enabled: true,
    source: { file: join(scratch, ".mcp.json"), format: "claude-code" },
  });

  test("close ends the wrapper, its server and the helper the wrapper left running", { timeout: 60_000 }, async () => {
    const m = manager();
    await m.start({ servers: [wrapped("wrapped")], findings: [], files: [] });
    expect(server(m.getState(), "wrapped").status).toBe("ready");
    const [group] = m.processGroups();
    const members = processGroupMembers(group);
    expect(members).toHaveLength(3); // wrapper, server, helper
    expect(members).not.toContain(process.pid);
    await m.close();
    for (const pid of members) expect(isAlive(pid)).toBe(false);
  });

  test("a wrapper that dies mid-session: the error is shown and what it left behind is ended", { timeout: 60_000 }, async () => {
    const m = new FleetManager({ timeoutMs: 15_000, shellEnv: SHELL, retry: { attempts: 0 } });
    managers.push(m);
    await m.start({ servers: [wrapped("wrapped")], findings: [], files: [] });
    const [group] = m.processGroups();
    const members = processGroupMembers(group);
    process.kill(members[0], "SIGKILL"); // the leader: the wrapper
    await expect.poll(() => server(m.getState(), "wrapped").status, { timeout: 10_000 }).toBe("error");
    expect(server(m.getState(), "wrapped").error).toMatch(/^was killed by SIGKILL/);
    await expect.poll(() => members.filter(isAlive), { timeout: 10_000 }).toEqual([]);
    expect(m.processGroups()).toEqual([]);
  });
});
