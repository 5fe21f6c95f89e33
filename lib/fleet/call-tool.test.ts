/**
 * tools/call on the live fleet, against real stdio servers: the calls fixture (raw-server, every kind of
 * answer, recording each notifications/cancelled it receives) and the published server-everything.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { fixtureSpecPath, fixtureSpecWith, rawServerCommand, REPO_ROOT } from "@/e2e/fixtures/fixture-servers";
import type { LoadedConfig, ServerConfig } from "@/lib/config/types";
import { FleetError } from "@/lib/errors";
import { FleetManager } from "./manager";

const scratch = mkdtempSync(join(tmpdir(), "mcp-fleet-call-"));
const CANCELLED = join(scratch, "cancelled.jsonl");
const CALLS_SPEC = fixtureSpecWith("calls", scratch, { recordCancellations: "cancelled.jsonl" });
const managers: FleetManager[] = [];

afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.close()));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function server(id: string, fields: Partial<ServerConfig>): ServerConfig {
  return { id, transport: "stdio", enabled: true, source: { file: "/project/.mcp.json", format: "claude-code" }, ...fields };
}
const everything = server("everything", { command: process.execPath, args: [join(REPO_ROOT, "node_modules/@modelcontextprotocol/server-everything/dist/index.js"), "stdio"] });

async function fleet(servers: ServerConfig[]): Promise<FleetManager> {
  // No retries: a server that dies stays failed, so its status can be read.
  const m = new FleetManager({ timeoutMs: 20_000, retry: { attempts: 0 } });
  managers.push(m);
  const config: LoadedConfig = { servers, findings: [], files: [] };
  await m.start(config);
  return m;
}

function cancellations(): { requestId: number; tool: string; reason: string }[] {
  try {
    return readFileSync(CANCELLED, "utf8").trim().split("\n").filter(Boolean).map((line) => JSON.parse(line));
  } catch {
    return [];
  }
}

async function until(check: () => boolean, ms = 3_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end && !check()) await new Promise((r) => setTimeout(r, 25));
  return check();
}

describe("FleetManager.callTool on the calls fixture", () => {
  test("a good call: the result as the server sent it, the request id read off the wire, the time it took", { timeout: 60_000 }, async () => {
    const m = await fleet([server("calls", rawServerCommand(CALLS_SPEC))]);
    const first = await m.callTool("calls", "echo", { text: "hi" }, { timeoutMs: 5_000 });
    expect(first).toMatchObject({ kind: "result", result: { content: [{ type: "text", text: '{"text":"hi"}' }], structuredContent: { text: "hi" } } });
    const second = await m.callTool("calls", "echo", { text: "again" }, { timeoutMs: 5_000 });
    // initialize was 0 and tools/list 1: the SDK numbers requests in order.
    expect([first.kind === "result" && first.requestId, second.kind === "result" && second.requestId]).toEqual([2, 3]);
    expect(first.kind === "result" && first.ms).toBeGreaterThanOrEqual(0);
  });

  test("a tool's own failure is a result with isError; a server's is a JSON-RPC error in its own words", { timeout: 60_000 }, async () => {
    const m = await fleet([server("calls", rawServerCommand(CALLS_SPEC))]);
    expect(await m.callTool("calls", "tool_error", {}, { timeoutMs: 5_000 })).toMatchObject({ kind: "result", result: { isError: true } });
    expect(await m.callTool("calls", "rpc_error", {}, { timeoutMs: 5_000 })).toMatchObject({ kind: "error", error: { code: -32603, message: "database is locked" } });
    expect(m.getState().servers[0].status).toBe("ready");
  });

  test("a call that hangs times out, and the server sees notifications/cancelled for that very request", { timeout: 60_000 }, async () => {
    const m = await fleet([server("calls", rawServerCommand(CALLS_SPEC))]);
    const outcome = await m.callTool("calls", "slow", {}, { timeoutMs: 400 });
    expect(outcome).toMatchObject({ kind: "timeout", timeoutMs: 400, cancellation: { method: "notifications/cancelled", params: { reason: "timed out after 400 ms" } } });
    if (outcome.kind !== "timeout") throw new Error("expected a timeout");
    expect(outcome.ms).toBeGreaterThanOrEqual(400);
    expect(await until(() => cancellations().some((c) => c.requestId === outcome.requestId))).toBe(true);
    expect(cancellations().find((c) => c.requestId === outcome.requestId)).toEqual({ requestId: outcome.requestId, tool: "slow", reason: "timed out after 400 ms" });
    // The connection is fine afterwards.
    expect(await m.callTool("calls", "echo", { text: "still here" }, { timeoutMs: 5_000 })).toMatchObject({ kind: "result" });
  });

  test("a cancel reaches the server with its reason", { timeout: 60_000 }, async () => {
    const m = await fleet([server("calls", rawServerCommand(CALLS_SPEC))]);
    const user = new AbortController();
    const pending = m.callTool("calls", "slow", {}, { timeoutMs: 30_000, signal: user.signal });
    setTimeout(() => user.abort("cancelled from the Try it panel"), 200);
    const outcome = await pending;
    expect(outcome).toMatchObject({ kind: "cancelled", cancellation: { params: { reason: "cancelled from the Try it panel" } } });
    if (outcome.kind !== "cancelled") throw new Error("expected a cancel");
    expect(await until(() => cancellations().some((c) => c.requestId === outcome.requestId && c.reason === "cancelled from the Try it panel"))).toBe(true);
  });

  test("a server that dies mid-call: the outcome says how, its status shows it, the rest of the fleet answers", { timeout: 60_000 }, async () => {
    const m = await fleet([server("calls", rawServerCommand(CALLS_SPEC)), server("basic", rawServerCommand(fixtureSpecPath("basic")))]);
    const outcome = await m.callTool("calls", "crash", {}, { timeoutMs: 10_000 });
    expect(outcome.kind).toBe("closed");
    expect(outcome.kind === "closed" && outcome.message).toMatch(/^exited with code 1; stderr: .*raw-server: exiting with code 1 in the middle of crash/);
    const state = m.getState();
    expect(state.servers.find((s) => s.id === "calls")).toMatchObject({ status: "error", error: expect.stringMatching(/^exited with code 1/) });
    expect(state.servers.find((s) => s.id === "basic")?.status).toBe("ready");
    expect(await m.callTool("basic", "echo", { text: "hi" }, { timeoutMs: 5_000 })).toMatchObject({ kind: "result", result: { content: [{ text: 'echo called with {"text":"hi"}' }] } });
    // Calling the dead server again sends nothing.
    expect(await m.callTool("calls", "echo", { text: "x" }, { timeoutMs: 5_000 })).toEqual({ kind: "unavailable", message: expect.stringMatching(/^server calls is failed \(exited with code 1/) });
  });

  test("an unknown server id is a FleetError", { timeout: 60_000 }, async () => {
    const m = await fleet([server("basic", rawServerCommand(fixtureSpecPath("basic")))]);
    expect(() => m.callTool("nope", "echo", {}, { timeoutMs: 1_000 })).toThrow(FleetError);
  });
});

describe("FleetManager.callTool on server-everything (published)", () => {
  test("a good call, a tool's validation failure, and a long operation cancelled by its timeout", { timeout: 90_000 }, async () => {
    const m = await fleet([everything]);
    expect(await m.callTool("everything", "get-sum", { a: 2, b: 3 }, { timeoutMs: 10_000 })).toMatchObject({
      kind: "result",
      result: { content: [{ type: "text", text: "The sum of 2 and 3 is 5." }] },
    });
    const invalid = await m.callTool("everything", "get-sum", { a: "two" }, { timeoutMs: 10_000 });
    // McpServer answers arguments that fail its own schema with isError, as the spec asks.
    expect(invalid).toMatchObject({ kind: "result", result: { isError: true } });
    const slow = await m.callTool("everything", "trigger-long-running-operation", { duration: 30, steps: 3 }, { timeoutMs: 500 });
    expect(slow).toMatchObject({ kind: "timeout", cancellation: { params: { reason: "timed out after 500 ms" } } });
    expect(await m.callTool("everything", "echo", { message: "still here" }, { timeoutMs: 10_000 })).toMatchObject({ kind: "result", result: { content: [{ text: "Echo: still here" }] } });
  });
});
