// How the fleet recovers (manager.ts): a crash at start or mid-session is shown, then retried with a
// capped backoff; a Refresh retries failed servers; a Reconnect can take a longer timeout; whether
// the fleet has settled is part of every state. Real raw-server processes throughout.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { fixtureSpecPath, rawServerCommand, RAW_SERVER } from "@/e2e/fixtures/fixture-servers";
import type { ServerConfig } from "@/lib/config/types";
import { FleetManager, type FleetManagerOptions } from "./manager";
import type { FleetState, ServerDetails } from "./types";

const scratch = mkdtempSync(join(tmpdir(), "mcp-fleet-recovery-"));
const managers: FleetManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.close()));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function manager(opts: FleetManagerOptions = {}): { m: FleetManager; states: FleetState[] } {
  const m = new FleetManager({ timeoutMs: 15_000, ...opts });
  managers.push(m);
  const states: FleetState[] = [];
  m.subscribe((state) => states.push(state));
  return { m, states };
}

let specs = 0;
/** A raw-server spec written to the scratch folder, started over stdio. */
function specServer(id: string, spec: Record<string, unknown>): ServerConfig {
  const path = join(scratch, `${id}-${++specs}.json`);
  writeFileSync(path, JSON.stringify({ serverInfo: { name: id, version: "1.0.0" }, pages: [[{ name: `${id}_tool`, inputSchema: { type: "object" } }]], ...spec }));
  return { id, transport: "stdio", enabled: true, source: { file: join(scratch, ".mcp.json"), format: "claude-code" }, ...rawServerCommand(path) };
}

const fixture = (id: string, name: "basic" | "exit-at-start"): ServerConfig => ({
  id,
  transport: "stdio",
  enabled: true,
  source: { file: join(scratch, ".mcp.json"), format: "claude-code" },
  ...rawServerCommand(fixtureSpecPath(name)),
});
const details = (m: FleetManager, id: string): ServerDetails => m.getState().servers.find((s) => s.id === id)!;

describe("a crash is shown, then retried with a capped backoff", () => {
  test("mid-session: error with the exit code, then ready again by itself; the other server never notices", { timeout: 60_000 }, async () => {
    // Long enough that the error state is announced even on a loaded machine (states are coalesced).
    const { m, states } = manager({ retry: { baseMs: 2_000 } });
    const flaky = specServer("flaky", { crashAfterMs: 300, crashOnceFile: join(scratch, "crashed-once") });
    await m.start({ servers: [flaky, fixture("steady", "basic")], findings: [], files: [] });
    await expect.poll(() => states.some((s) => s.servers.find((d) => d.id === "flaky")?.status === "error"), { timeout: 10_000 }).toBe(true);
    const failed = states.find((s) => s.servers.find((d) => d.id === "flaky")?.status === "error")!;
    const shown = failed.servers.find((d) => d.id === "flaky")!;
    expect(shown.error).toBe("exited with code 1; stderr: raw-server: crashing now, as the spec asks");
    expect(shown.retry).toMatchObject({ attempt: 1, maxAttempts: 5, delayMs: 2_000 });
    expect(failed.snapshot.tools.filter((t) => t.serverId === "steady").map((t) => t.exposedName)).toEqual(["echo", "lookup_record"]);
    await expect.poll(() => details(m, "flaky").status, { timeout: 10_000 }).toBe("ready");
    expect(details(m, "flaky").retry).toBeUndefined();
    expect(details(m, "steady").listCount).toBe(1);
  });

  test("at start, every time: the delays double up to the cap, then it gives up and says so", { timeout: 60_000 }, async () => {
    const { m, states } = manager({ retry: { attempts: 4, baseMs: 600, maxMs: 1_500 } });
    // Announced states are coalesced; sampling the state as well keeps a busy machine from hiding a step.
    const sampler = setInterval(() => states.push(m.getState()), 25);
    try {
      await m.start({ servers: [fixture("quits", "exit-at-start")], findings: [], files: [] });
      await expect.poll(() => details(m, "quits").retry?.gaveUp, { timeout: 30_000 }).toBe(true);
    } finally {
      clearInterval(sampler);
    }
    const delays = [...new Set(states.flatMap((s) => s.servers.filter((d) => d.retry?.delayMs !== undefined).map((d) => `${d.retry!.attempt}:${d.retry!.delayMs}`)))];
    expect(delays).toEqual(["1:600", "2:1200", "3:1500", "4:1500"]);
    expect(details(m, "quits")).toMatchObject({ status: "error", retry: { attempt: 4, maxAttempts: 4, gaveUp: true } });
    expect(details(m, "quits").error).toMatch(/^exited with code 3 before answering initialize; stderr: .*API_TOKEN is not set/);
    // A Reconnect starts a new streak.
    await m.reconnect("quits");
    expect(details(m, "quits").retry).toMatchObject({ attempt: 1, delayMs: 600 });
  });

  test("while a retry connects, the state keeps the last error; it goes once the attempt ends", { timeout: 60_000 }, async () => {
    const { m } = manager({ retry: { baseMs: 300 } });
    // Ready after 1.5 s, crashes 0.2 s later: each retry spends 1.5 s connecting.
    const crashing = specServer("crashing", { startDelayMs: 1_500, crashAfterMs: 200 });
    const sampler: ServerDetails[] = [];
    const timer = setInterval(() => sampler.push(details(m, "crashing")), 25);
    try {
      await m.start({ servers: [crashing], findings: [], files: [] });
      expect(details(m, "crashing").lastError).toBeUndefined(); // the first connect had nothing before it
      await expect.poll(() => sampler.some((d) => d.status === "connecting" && d.lastError !== undefined), { timeout: 20_000 }).toBe(true);
      await expect.poll(() => details(m, "crashing").status, { timeout: 20_000 }).toBe("ready");
    } finally {
      clearInterval(timer);
    }
    const retrying = sampler.find((d) => d.status === "connecting" && d.lastError !== undefined)!;
    expect(retrying.lastError).toBe("exited with code 1; stderr: raw-server: crashing now, as the spec asks");
    expect(retrying.retry).toMatchObject({ attempt: 1, maxAttempts: 5 });
    // Only while connecting: never beside a live error or a ready server.
    expect(sampler.filter((d) => d.status !== "connecting" && d.lastError !== undefined)).toEqual([]);
    expect(details(m, "crashing").lastError).toBeUndefined();

    // A Reconnect of a failed server keeps its error in view too; a config change would start afresh.
    await m.close();
    const { m: second } = manager();
    await second.start({ servers: [fixture("quits", "exit-at-start")], findings: [], files: [] });
    const reconnecting = second.reconnect("quits");
    expect(second.getState().servers[0]).toMatchObject({ status: "connecting", lastError: expect.stringMatching(/^exited with code 3/) });
    await reconnecting;
    expect(second.getState().servers[0]).toMatchObject({ status: "error" });
    expect(second.getState().servers[0].lastError).toBeUndefined();
  });

  test("a hang is not retried by itself: it would hang again", { timeout: 30_000 }, async () => {
    const { m } = manager({ timeoutMs: 500, retry: { baseMs: 50 } });
    await m.start({ servers: [specServer("slow", { startDelayMs: 5_000 })], findings: [], files: [] });
    await new Promise((r) => setTimeout(r, 300));
    expect(details(m, "slow")).toMatchObject({ status: "error" });
    expect(details(m, "slow").retry).toBeUndefined();
  });
});

describe("after a slow or failed first start", () => {
  test("Reconnect with a longer timeout: the server gets it, and keeps it for the next reconnect", { timeout: 60_000 }, async () => {
    const { m } = manager({ timeoutMs: 600 });
    await m.start({ servers: [specServer("slow", { startDelayMs: 2_000 })], findings: [], files: [] });
    expect(details(m, "slow")).toMatchObject({ status: "error", timeoutMs: 600 });
    expect(details(m, "slow").error).toMatch(/^timed out after 600 ms waiting for initialize; no output yet \(nothing on stdout or stderr\); raise the timeout with --timeout 60000/);
    await m.reconnect("slow", { timeoutMs: 20_000 });
    expect(details(m, "slow")).toMatchObject({ status: "ready", timeoutMs: 20_000 });
    await m.reconnect("slow");
    expect(details(m, "slow")).toMatchObject({ status: "ready", timeoutMs: 20_000 });
  });

  test("Refresh re-lists the ready servers and starts the failed ones again", { timeout: 60_000 }, async () => {
    // A command that is not installed yet: the user installs it, then presses Refresh.
    const bin = join(scratch, "bin");
    mkdirSync(bin, { recursive: true });
    const command = join(bin, "late-mcp");
    const { m } = manager();
    await m.start({ servers: [fixture("steady", "basic"), { ...fixture("late", "basic"), command, args: [] }], findings: [], files: [] });
    expect(details(m, "late").error).toBe(`could not start ${JSON.stringify(command)}: command not found`);
    writeFileSync(command, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(RAW_SERVER)} ${JSON.stringify(fixtureSpecPath("basic"))}\n`);
    chmodSync(command, 0o755);
    await m.refresh();
    expect(details(m, "late").status).toBe("ready");
    expect(details(m, "steady").listCount).toBe(2);
  });
});

describe("settled", () => {
  test("servers ready seconds apart: every state before the last one is unsettled; whenSettled waits for it", { timeout: 60_000 }, async () => {
    const { m, states } = manager();
    const starting = m.start({
      servers: [specServer("fast", {}), specServer("slow", { startDelayMs: 1_500 }), specServer("slower", { startDelayMs: 3_000 })],
      findings: [],
      files: [],
    });
    await m.whenSettled();
    const settled = m.getState();
    expect(settled.settled).toBe(true);
    expect(settled.servers.map((s) => s.status)).toEqual(["ready", "ready", "ready"]);
    await starting;
    for (const state of states) {
      expect(state.settled).toBe(state.servers.every((s) => s.status !== "connecting"));
    }
    expect(states.filter((s) => s.settled).length).toBeGreaterThan(0);
    expect(states.some((s) => !s.settled && s.servers.some((d) => d.status === "ready"))).toBe(true);
  });

  test("notices travel with the state, newest last, each with its own id", () => {
    const { m } = manager();
    const first = m.notify({ tone: "good", code: "config:reloaded", message: "one" });
    const second = m.notify({ tone: "bad", code: "history:unavailable", message: "two", file: "/x/history.db" });
    expect(second.id).toBeGreaterThan(first.id);
    expect(m.getState().notices.map((n) => [n.code, n.message, n.file])).toEqual([
      ["config:reloaded", "one", undefined],
      ["history:unavailable", "two", "/x/history.db"],
    ]);
  });
});
