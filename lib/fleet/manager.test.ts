import { join } from "node:path";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { fixtureSpecPath, makeToolsFileServer, rawServerCommand, REPO_ROOT, startHttpFixture, writeToolsFile, type FixtureName } from "@/e2e/fixtures/fixture-servers";
import type { LoadedConfig, ServerConfig } from "@/lib/config/types";
import { FleetError } from "@/lib/errors";
import { FleetManager } from "./manager";
import { childPidsOf, isAlive } from "./testing/process-tree";
import type { FleetState } from "./types";

// Generous: on a loaded 2-core machine several Node servers starting at once can take seconds each; only the
// hang and garbage servers wait the full timeout.
const TIMEOUT = 15_000;
const managers: FleetManager[] = [];
const scratch = mkdtempSync(join(tmpdir(), "mcp-fleet-manager-"));

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.close()));
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function server(id: string, fields: Partial<ServerConfig>): ServerConfig {
  return { id, transport: "stdio", enabled: true, source: { file: "/project/.mcp.json", format: "claude-code" }, ...fields };
}
const fixture = (id: string, name: FixtureName, fields: Partial<ServerConfig> = {}) => server(id, { ...rawServerCommand(fixtureSpecPath(name)), ...fields });
const published = (id: string, pkg: string, args: string[] = [], env?: Record<string, string>) =>
  server(id, { command: process.execPath, args: [join(REPO_ROOT, "node_modules", "@modelcontextprotocol", pkg, "dist", "index.js"), ...args], ...(env ? { env } : {}) });

function loaded(servers: ServerConfig[]): LoadedConfig {
  return { servers, findings: [{ severity: "warning", code: "config:unset-variable", message: "API_KEY is not set", file: "/project/.mcp.json", line: 4, column: 9, serverId: "x" }], files: ["/project/.mcp.json"] };
}

function manager(timeoutMs = TIMEOUT): FleetManager {
  const m = new FleetManager({ timeoutMs, debounceMs: 100 });
  managers.push(m);
  return m;
}

const byId = (state: FleetState, id: string) => state.servers.find((s) => s.id === id)!;
const exposed = (state: FleetState, serverId: string) => state.snapshot.tools.filter((t) => t.serverId === serverId).map((t) => t.exposedName ?? `(excluded) ${t.originalName}`);

describe("FleetManager", () => {
  test("connects a mixed fleet at once; every fault stays with its own server", { timeout: 60_000 }, async () => {
    const m = manager();
    const states: FleetState[] = [];
    m.subscribe((s) => states.push(s));
    const started = Date.now();
    await m.start(
      loaded([
        fixture("basic", "basic"),
        fixture("pages", "three-pages"),
        fixture("quits", "exit-at-start"),
        fixture("stuck", "hang"),
        fixture("noise", "garbage"),
        published("memory", "server-memory", [], { MEMORY_FILE_PATH: join(scratch, "memory.jsonl") }),
        fixture("off", "basic", { enabled: false }),
        server("remote", { transport: "http", invalid: 'has a "url" but no "type"; Claude Code refuses it' }),
      ]),
    );
    // Concurrent: the two 3 s timeouts overlap instead of adding up.
    expect(Date.now() - started).toBeLessThan(2 * TIMEOUT);
    const state = m.getState();
    expect(Object.fromEntries(state.servers.map((s) => [s.id, s.status]))).toEqual({
      basic: "ready",
      pages: "ready",
      quits: "error",
      stuck: "error",
      noise: "error",
      memory: "ready",
      off: "disabled",
      remote: "error",
    });
    expect(byId(state, "quits").error).toMatch(/^exited with code 3 before answering initialize; stderr: .*API_TOKEN is not set/);
    expect(byId(state, "stuck").error).toMatch(/^timed out after 15000 ms waiting for initialize; nothing on stdout yet; last on stderr: "fixture-hang: .*"; raise the timeout with --timeout 60000/);
    expect(byId(state, "noise").error).toMatch(/^wrote a line that is not JSON on stdout/);
    expect(byId(state, "remote").error).toBe('has a "url" but no "type"; Claude Code refuses it');
    // Three pages, a bad tool on page two: the other tools are kept, the bad ones are flagged by the reconciler.
    expect(exposed(state, "pages")).toEqual([
      "page_one_first",
      "page_one_second",
      "page_three_last",
      "page_two_ok",
      "(excluded) (unnamed #3)",
      "(excluded) page_two_not_object",
    ]);
    expect(exposed(state, "basic")).toEqual(["echo", "lookup_record"]);
    expect(state.snapshot.collisions).toEqual([]);
    expect(state.snapshot.servers.find((s) => s.id === "memory")?.toolCount).toBeGreaterThan(5);
    expect(state.findings).toHaveLength(1);
    expect(state.configFiles).toEqual(["/project/.mcp.json"]);
    expect(state.demo).toBe(false);
    // Announced whole: versions only grow, and the last announced state is the current one.
    await expect.poll(() => states.at(-1)?.version).toBe(m.getState().version);
    expect(states.map((s) => s.version)).toEqual([...states.map((s) => s.version)].sort((a, b) => a - b));
    expect(new Set(states.map((s) => s.version)).size).toBe(states.length);

    const pids = m.childPids();
    expect(pids.length).toBeGreaterThanOrEqual(3);
    await m.close();
    for (const pid of pids) expect(isAlive(pid)).toBe(false);
    expect(childPidsOf(process.pid)).toEqual([]);
  });

  test("a list_changed that adds a colliding tool updates the snapshot; the other server is not touched", { timeout: 60_000 }, async () => {
    const m = manager();
    await m.start(loaded([fixture("basic", "basic"), fixture("late", "late-collision")]));
    const before = m.getState();
    expect(before.snapshot.collisions).toEqual([]);
    expect(byId(before, "late").listCount).toBe(1);
    await expect.poll(() => m.getState().snapshot.collisions.map((g) => g.name), { timeout: 8_000 }).toEqual(["lookup_record"]);
    const after = m.getState();
    expect(after.version).toBeGreaterThan(before.version);
    expect(exposed(after, "late")).toEqual(["late__lookup_record", "status"]);
    expect(exposed(after, "basic")).toEqual(["basic__lookup_record", "echo"]);
    expect(byId(after, "late").listCount).toBe(2);
    expect(byId(after, "basic").listCount).toBe(1);
    expect(after.snapshot.fleetHash).not.toBe(before.snapshot.fleetHash);
  });

  test("the list_changed re-list reads every page, not only the first", { timeout: 60_000 }, async () => {
    const { specPath, toolsFile } = makeToolsFileServer(scratch, [[{ name: "one", inputSchema: { type: "object" } }], [{ name: "two", inputSchema: { type: "object" } }]]);
    const m = manager();
    await m.start(loaded([server("paged", rawServerCommand(specPath))]));
    expect(exposed(m.getState(), "paged")).toEqual(["one", "two"]);
    writeToolsFile(toolsFile, [[{ name: "one", inputSchema: { type: "object" } }], [{ name: "two", inputSchema: { type: "object" } }, { name: "three", inputSchema: { type: "object" } }]]);
    await expect.poll(() => exposed(m.getState(), "paged"), { timeout: 5_000 }).toEqual(["one", "three", "two"]);
    expect(byId(m.getState(), "paged").listCount).toBe(2);
  });

  test("a state read through getState() reaches the subscribers even when a newer change lands before the announcement", { timeout: 60_000 }, async () => {
    // The e2e history flake: /api/fleet showed the server ready, the test changed its tools, and the
    // coalesced announcement then carried only the changed list, so the history's baseline was the new schema.
    const dir = join(scratch, "observed");
    const { specPath, toolsFile } = makeToolsFileServer(dir, [{ name: "v1", inputSchema: { type: "object" } }]);
    // A long coalescing window (as after a slow rebuild under load) makes the race certain.
    const m = new FleetManager({ timeoutMs: TIMEOUT, debounceMs: 50, coalesceMs: 4_000 });
    managers.push(m);
    const seen: FleetState[] = [];
    m.subscribe((s) => seen.push(s));
    await m.start(loaded([server("watched", rawServerCommand(specPath))]));
    const read = m.getState();
    expect(byId(read, "watched").status).toBe("ready");
    expect(exposed(read, "watched")).toEqual(["v1"]);
    writeToolsFile(toolsFile, [{ name: "v2", inputSchema: { type: "object" } }]);
    await expect.poll(() => seen.some((s) => exposed(s, "watched").includes("v2")), { timeout: 15_000 }).toBe(true);
    expect(seen.map((s) => s.version)).toContain(read.version);
    expect(seen.find((s) => s.version === read.version)).toBe(read);
    // In version order, each once.
    const versions = seen.map((s) => s.version);
    expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
  });

  test("a change after a quiet spell is announced at once; the rest of its burst waits for the coalescing window", { timeout: 60_000 }, async () => {
    const dir = join(scratch, "leading");
    const { specPath, toolsFile } = makeToolsFileServer(dir, [{ name: "v1", inputSchema: { type: "object" } }]);
    const WINDOW = 3_000;
    const m = new FleetManager({ timeoutMs: TIMEOUT, debounceMs: 50, coalesceMs: WINDOW });
    managers.push(m);
    await m.start(loaded([server("watched", rawServerCommand(specPath))]));
    expect(exposed(m.getState(), "watched")).toEqual(["v1"]);
    const seen: { at: number; state: FleetState }[] = [];
    m.subscribe((state) => seen.push({ at: performance.now(), state }));
    // A quiet spell longer than the window since the start's last change.
    await new Promise((r) => setTimeout(r, WINDOW + 100));
    writeToolsFile(toolsFile, [{ name: "v2", inputSchema: { type: "object" } }]);
    // Well before the window is over: it was not waited for.
    await expect.poll(() => seen.find((s) => exposed(s.state, "watched").includes("v2")), { timeout: WINDOW - 500, interval: 20 }).toBeDefined();
    const first = seen.find((s) => exposed(s.state, "watched").includes("v2"))!;
    // The next change comes within the window of that one: it is held for the window.
    writeToolsFile(toolsFile, [{ name: "v3", inputSchema: { type: "object" } }]);
    await expect.poll(() => seen.find((s) => exposed(s.state, "watched").includes("v3")), { timeout: 15_000, interval: 20 }).toBeDefined();
    const second = seen.find((s) => exposed(s.state, "watched").includes("v3"))!;
    expect(second.at - first.at).toBeGreaterThan(WINDOW - 500);
    expect(seen.map((s) => s.state.version)).toEqual([first.state.version, second.state.version]);
  });

  test("register, refresh, reconnect and unregister at runtime", { timeout: 60_000 }, async () => {
    const m = manager();
    await m.start(loaded([fixture("basic", "basic")]));
    const firstPid = m.childPids()[0];

    await m.register(fixture("twin", "basic", { source: { file: "(runtime)", format: "runtime" } }));
    let state = m.getState();
    expect(byId(state, "twin").status).toBe("ready");
    expect(state.snapshot.collisions.map((g) => [g.name, g.kind])).toEqual([
      ["echo", "identical"],
      ["lookup_record", "identical"],
    ]);
    const error = await m.register(fixture("twin", "basic")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FleetError);
    expect((error as FleetError).toJSON()).toEqual({ code: "conflict:servers", message: 'a server with the id "twin" already exists' });

    await m.refresh();
    expect(m.getState().servers.map((s) => s.listCount)).toEqual([2, 2]);
    await m.refresh("twin");
    expect(byId(m.getState(), "twin").listCount).toBe(3);

    await m.reconnect("basic");
    state = m.getState();
    expect(byId(state, "basic")).toMatchObject({ status: "ready", listCount: 1 });
    expect(isAlive(firstPid)).toBe(false);
    expect(m.childPids()).not.toContain(firstPid);

    const twinPid = m.childPids().find((pid) => pid !== m.childPids()[0])!;
    await m.unregister("twin");
    state = m.getState();
    expect(state.servers.map((s) => s.id)).toEqual(["basic"]);
    expect(state.snapshot.collisions).toEqual([]);
    expect(exposed(state, "basic")).toEqual(["echo", "lookup_record"]);
    expect(isAlive(twinPid)).toBe(false);

    for (const call of [() => m.unregister("nope"), () => m.reconnect("nope"), () => m.refresh("nope")]) {
      await expect(call()).rejects.toMatchObject({ code: "not_found:servers" });
    }
  });

  test("a server that crashes after ready turns to error; the rest of the fleet keeps its tools", { timeout: 60_000 }, async () => {
    const remote = await startHttpFixture(fixtureSpecPath("http"));
    cleanups.push(remote.close);
    // Long enough that the error state is seen before the automatic restart (recovery.test.ts covers that).
    const m = new FleetManager({ timeoutMs: TIMEOUT, retry: { baseMs: 60_000 } });
    managers.push(m);
    await m.start(loaded([fixture("a", "basic"), server("b", { transport: "http", url: remote.url })]));
    const announced: FleetState[] = [];
    m.subscribe((s) => announced.push(s));
    const [pidA] = m.childPids();
    process.kill(pidA, "SIGTERM");
    await expect.poll(() => byId(m.getState(), "a").status).toBe("error");
    await expect.poll(() => byId(m.getState(), "a").error).toBe("was killed by SIGTERM");
    const state = m.getState();
    expect(byId(state, "b").status).toBe("ready");
    expect(exposed(state, "a")).toEqual([]);
    expect(exposed(state, "b")).toEqual(["remote_echo", "remote_status"]);
    await expect.poll(() => announced.at(-1)?.version).toBe(state.version);
    expect(byId(m.getState(), "a").retry).toMatchObject({ attempt: 1, maxAttempts: 5 });
    await m.reconnect("a");
    expect(byId(m.getState(), "a").status).toBe("ready");
    expect(byId(m.getState(), "a").retry).toBeUndefined();
    await m.close();
  });

  test("after close nothing runs and nothing more can be done", { timeout: 60_000 }, async () => {
    const m = manager();
    await m.start(loaded([fixture("a", "basic"), fixture("b", "basic"), fixture("c", "exit-at-start")]));
    expect(m.getState().servers.map((s) => s.status)).toEqual(["ready", "ready", "error"]);
    const pids = m.childPids();
    expect(pids.length).toBeGreaterThanOrEqual(2);
    await m.close();
    await m.close(); // idempotent
    for (const pid of pids) expect(isAlive(pid)).toBe(false);
    expect(childPidsOf(process.pid)).toEqual([]);
    await expect(m.register(fixture("d", "basic"))).rejects.toMatchObject({ code: "unavailable:fleet" });
  });

  test("close while servers are still connecting ends them too", async () => {
    const m = manager(10_000);
    const starting = m.start(loaded([fixture("a", "basic"), fixture("slow", "hang")]));
    await new Promise((r) => setTimeout(r, 150));
    await m.close();
    await starting;
    expect(childPidsOf(process.pid)).toEqual([]);
  });
});
