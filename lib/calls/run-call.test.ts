/**
 * Calls end to end against real stdio servers: the calls fixture and the basic fixture (both list
 * `echo`, so the Agent SDK host prefixes them), and the published server-everything. Each case is one
 * of "Try a tool"'s endings: a good call, an unknown name, a denied tool, an asked tool, bad arguments
 * caught before sending (and forced), an erroring server, a server that dies mid-call, a timeout.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fixtureSpecPath, fixtureSpecWith, makeToolsFileServer, rawServerCommand, REPO_ROOT } from "@/e2e/fixtures/fixture-servers";
import type { LoadedConfig, ServerConfig } from "@/lib/config/types";
import { FleetManager } from "@/lib/fleet/manager";
import type { SourcedRule } from "@/lib/permissions/types";
import { runCall, type CallInput, type CallSetup } from "./run-call";
import type { CallAnswer, CallRecord } from "./types";

const scratch = mkdtempSync(join(tmpdir(), "mcp-fleet-run-call-"));
const CANCELLED = join(scratch, "cancelled.jsonl");
const server = (id: string, fields: Partial<ServerConfig>): ServerConfig => ({ id, transport: "stdio", enabled: true, source: { file: "/project/.mcp.json", format: "claude-code" }, ...fields });

const RULES: SourcedRule[] = [
  { rule: "mcp__calls__tool_error", list: "deny", source: "ours" },
  { rule: "mcp__basic__echo", list: "ask", source: ".claude/settings.json" },
];
const SETUP: CallSetup = { settings: {}, rules: RULES };

let fleet: FleetManager;
beforeAll(async () => {
  fleet = new FleetManager({ timeoutMs: 20_000, retry: { attempts: 0 } });
  const loaded: LoadedConfig = {
    servers: [
      server("calls", rawServerCommand(fixtureSpecWith("calls", scratch, { recordCancellations: "cancelled.jsonl" }))),
      server("basic", rawServerCommand(fixtureSpecPath("basic"))),
      server("everything", { command: process.execPath, args: [join(REPO_ROOT, "node_modules/@modelcontextprotocol/server-everything/dist/index.js"), "stdio"] }),
    ],
    findings: [],
    files: [],
  };
  await fleet.start(loaded);
}, 60_000);
afterAll(async () => {
  await fleet?.close();
  rmSync(scratch, { recursive: true, force: true });
});

let n = 0;
function call(input: Partial<CallInput> & Pick<CallInput, "client" | "name">, setup = SETUP): Promise<CallAnswer> {
  return runCall(fleet, setup, { id: `t${++n}`, arguments: {}, timeoutMs: 10_000, ...input });
}
async function record(input: Partial<CallInput> & Pick<CallInput, "client" | "name">): Promise<CallRecord> {
  const answer = await call(input);
  if (!("call" in answer)) throw new Error(`expected a call, got a question: ${answer.confirm.question}`);
  return answer.call;
}

describe("runCall on the demo-style fixtures", () => {
  test("a good call: the three JSONs, under the client's name, the original name, and the server's answer", { timeout: 30_000 }, async () => {
    const r = await record({ client: "agent-sdk", name: "calls__echo", arguments: { text: "hi" }, id: "good" });
    expect(r).toMatchObject({ status: "ok", serverId: "calls", toolName: "echo", clientLabel: "Agent SDK host (MCP Fleet's reconciler)" });
    expect(r.toolUse).toEqual({ type: "tool_use", id: "toolu_good", name: "calls__echo", input: { text: "hi" } });
    expect(r.request).toEqual({ jsonrpc: "2.0", id: expect.any(Number), method: "tools/call", params: { name: "echo", arguments: { text: "hi" } } });
    expect(r.result).toEqual({ jsonrpc: "2.0", id: r.request!.id, result: { content: [{ type: "text", text: '{"text":"hi"}' }], structuredContent: { text: "hi" } } });
    expect(r.reading?.structured?.check).toMatchObject({ status: "valid" });
    expect(r.summary).toMatch(/^answered in \d+ ms$/);
    expect(r.durationMs).toBeGreaterThanOrEqual(r.serverMs!);
  });

  test("Codex: a function_call with its namespace, the same request", { timeout: 30_000 }, async () => {
    const r = await record({ client: "codex", name: "mcp__calls__echo", arguments: { text: "hi" }, id: "cx" });
    expect(r.toolUse).toEqual({ type: "function_call", call_id: "call_cx", namespace: "mcp__calls", name: "echo", arguments: '{"text":"hi"}' });
    expect(r.request?.params).toEqual({ name: "echo", arguments: { text: "hi" } });
  });

  test("an unknown name: a tool_result error listing the names, closest first; nothing sent", { timeout: 30_000 }, async () => {
    const r = await record({ client: "agent-sdk", name: "echo", id: "unknown" });
    expect(r).toMatchObject({ status: "refused", request: null, refusal: { code: "unknown-tool", closest: ["basic__echo", "calls__echo", "everything__echo"] } });
    expect(r.result).toEqual({ type: "tool_result", tool_use_id: "toolu_unknown", is_error: true, content: [{ type: "text", text: expect.stringMatching(/^Unknown tool "echo"\. Tools that exist, closest first: basic__echo, calls__echo, everything__echo, /) }] });
  });

  test("a denied tool is not called, and the rule is named", { timeout: 30_000 }, async () => {
    const r = await record({ client: "claude-code", name: "mcp__calls__tool_error" });
    expect(r).toMatchObject({ status: "refused", request: null, summary: "refused: denied", refusal: { code: "denied", rule: { rule: "mcp__calls__tool_error", list: "deny", source: "ours" } } });
  });

  test("an asked tool asks first, and is called once confirmed", { timeout: 30_000 }, async () => {
    const asked = await call({ client: "claude-code", name: "mcp__basic__echo", arguments: { text: "x" } });
    expect(asked).toEqual({
      confirm: expect.objectContaining({ serverId: "basic", toolName: "echo", question: 'ask "mcp__basic__echo" (.claude/settings.json) asks before mcp__basic__echo is called on server basic. Call it?' }),
    });
    const r = await record({ client: "claude-code", name: "mcp__basic__echo", arguments: { text: "x" }, confirmed: true });
    expect(r).toMatchObject({ status: "ok", confirmed: true, result: { result: { content: [{ text: 'echo called with {"text":"x"}' }] } } });
  });

  test("bad arguments are caught before sending, with the reason and its path; forced, they are sent as given", { timeout: 30_000 }, async () => {
    const r = await record({ client: "claude-code", name: "mcp__calls__find", arguments: { id: "1", key: "k" } });
    expect(r).toMatchObject({ status: "refused", request: null, refusal: { code: "invalid-arguments", errors: [{ path: "$", message: "must match exactly one branch of oneOf; it matches branches 0 and 1" }] } });
    const forced = await record({ client: "claude-code", name: "mcp__calls__find", arguments: { id: "1", key: "k" }, force: true });
    expect(forced).toMatchObject({ status: "ok", forced: true, request: { params: { name: "find", arguments: { id: "1", key: "k" } } } });
  });

  test("a tool's own error and a server's error are told apart", { timeout: 30_000 }, async () => {
    const setup = { settings: {}, rules: [] };
    const toolError = await runCall(fleet, setup, { id: "te", client: "claude-code", name: "mcp__calls__tool_error", arguments: {}, timeoutMs: 10_000 });
    expect("call" in toolError && toolError.call).toMatchObject({ status: "tool-error", reading: { isError: true, blocks: [{ type: "text", text: "record 42 does not exist" }] } });
    const rpc = await record({ client: "claude-code", name: "mcp__calls__rpc_error" });
    expect(rpc).toMatchObject({ status: "server-error", summary: "the server answered with error -32603: database is locked", result: { jsonrpc: "2.0", error: { code: -32603, message: "database is locked" } } });
  });

  test("structuredContent is checked against the outputSchema", { timeout: 30_000 }, async () => {
    expect(await record({ client: "claude-code", name: "mcp__calls__weather" })).toMatchObject({ status: "ok", reading: { structured: { present: true, check: { status: "valid" } } } });
    const bad = await record({ client: "claude-code", name: "mcp__calls__bad_weather" });
    expect(bad.summary).toMatch(/; structuredContent does not match the outputSchema$/);
    expect(bad.reading?.structured?.check).toMatchObject({ status: "invalid", errors: [{ path: "$.temperature", message: "must be number" }] });
  });

  test("a call that hangs times out; the server saw notifications/cancelled for it; the running record had the request", { timeout: 30_000 }, async () => {
    const seen: CallRecord[] = [];
    const answer = await runCall(fleet, SETUP, { id: "slow", client: "claude-code", name: "mcp__calls__slow", arguments: {}, timeoutMs: 300 }, { onSent: (r) => seen.push(r) });
    const r = "call" in answer ? answer.call : null;
    expect(r).toMatchObject({ status: "timeout", cancellation: { method: "notifications/cancelled", params: { reason: "timed out after 300 ms" } } });
    expect(r?.result).toMatchObject({ type: "tool_result", is_error: true, content: [{ text: "mcp__calls__slow timed out after 300 ms: server calls did not answer, and the call was cancelled." }] });
    expect(seen).toEqual([expect.objectContaining({ status: "running", request: r?.request })]);
    const requestId = r?.request?.id;
    const end = Date.now() + 3_000;
    // The server writes the line when the notification reaches it: the file may not exist yet.
    const lines = () => (existsSync(CANCELLED) ? readFileSync(CANCELLED, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as { requestId: number; tool: string }) : []);
    while (Date.now() < end && !lines().some((l) => l.requestId === requestId)) await new Promise((res) => setTimeout(res, 25));
    expect(lines()).toContainEqual({ requestId, tool: "slow", reason: "timed out after 300 ms" });
  });

  test("a cancel while waiting", { timeout: 30_000 }, async () => {
    const user = new AbortController();
    setTimeout(() => user.abort("cancelled by the user"), 200);
    const r = await record({ client: "claude-code", name: "mcp__calls__slow", signal: user.signal, timeoutMs: 20_000 });
    expect(r).toMatchObject({ status: "cancelled", summary: expect.stringMatching(/^cancelled after \d+ ms \(cancelled by the user\); the server was sent notifications\/cancelled$/) });
  });
});

describe("runCall on server-everything", () => {
  test("a good call, an image, structured content, bad arguments caught against its draft-07 schema, an unknown name, a timeout", { timeout: 60_000 }, async () => {
    expect(await record({ client: "claude-code", name: "mcp__everything__get-sum", arguments: { a: 2, b: 3 } })).toMatchObject({
      status: "ok",
      argumentCheck: { status: "valid", dialect: "draft-07" },
      reading: { blocks: [{ type: "text", text: "The sum of 2 and 3 is 5." }] },
    });
    const image = await record({ client: "claude-code", name: "mcp__everything__get-tiny-image" });
    expect(image.reading?.blocks.map((b) => b.type)).toContain("image");
    expect(image.reading?.problems).toEqual([]);
    expect(await record({ client: "claude-code", name: "mcp__everything__get-structured-content", arguments: { location: "Chicago" } })).toMatchObject({
      reading: { structured: { present: true, check: { status: "valid" } } },
    });
    const bad = await record({ client: "claude-code", name: "mcp__everything__get-sum", arguments: { a: "two" } });
    expect(bad).toMatchObject({ status: "refused", request: null, refusal: { code: "invalid-arguments" } });
    expect(bad.refusal?.errors?.map((e) => `${e.path}: ${e.message}`)).toEqual(["$.b: missing required property \"b\"", "$.a: must be number"]);
    expect(await record({ client: "claude-code", name: "mcp__everything__get_sum" })).toMatchObject({ status: "refused", refusal: { code: "unknown-tool", closest: expect.arrayContaining(["mcp__everything__get-sum"]) } });
    expect(await record({ client: "claude-code", name: "mcp__everything__trigger-long-running-operation", arguments: { duration: 30, steps: 3 }, timeoutMs: 400 })).toMatchObject({ status: "timeout" });
  });
});

describe("a server that dies mid-call", () => {
  test("the call says how it died, the server's status shows it, the rest of the fleet answers", { timeout: 30_000 }, async () => {
    const r = await record({ client: "claude-code", name: "mcp__calls__crash" });
    expect(r).toMatchObject({ status: "server-died", summary: expect.stringMatching(/^server calls stopped before answering: exited with code 1/) });
    expect(fleet.getState().servers.find((s) => s.id === "calls")?.status).toBe("error");
    expect(await record({ client: "claude-code", name: "mcp__everything__get-sum", arguments: { a: 1, b: 1 } })).toMatchObject({ status: "ok" });
    // The dead server's tools are gone from the view: the answer says its server is down.
    expect(await record({ client: "claude-code", name: "mcp__calls__echo", arguments: { text: "x" } })).toMatchObject({ status: "refused", refusal: { code: "server-unavailable" } });
  });
});

describe("hostile schemas (the fault fixtures' shapes): every call ends in a value, and the reason a check was skipped is given", () => {
  function nested(depth: number): Record<string, unknown> {
    let schema: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < depth; i++) schema = { type: "object", properties: { inner: schema } };
    return schema;
  }
  const TOOLS = [
    { name: "deep", inputSchema: nested(200) },
    // 601 levels (two per step): past the 512 a validator is trusted with, and still fine for JSON.stringify.
    { name: "deeper", inputSchema: nested(300) },
    { name: "cycle", inputSchema: { type: "object", $defs: { a: { $ref: "#/$defs/b" }, b: { $ref: "#/$defs/a" } }, properties: { x: { $ref: "#/$defs/a" } } } },
    { name: "self_ref", inputSchema: { type: "object", $defs: { loop: { $ref: "#/$defs/loop" } }, anyOf: [{ $ref: "#/$defs/loop" }, { $ref: "#/$defs/loop" }] } },
    { name: "bad_pattern", inputSchema: { type: "object", properties: { q: { type: "string", pattern: "([" } } } },
  ];

  let hostile: FleetManager;
  beforeAll(async () => {
    hostile = new FleetManager({ timeoutMs: 20_000, retry: { attempts: 0 } });
    const { specPath } = makeToolsFileServer(join(scratch, "hostile"), TOOLS, { name: "hostile" });
    await hostile.start({ servers: [server("hostile", rawServerCommand(specPath))], findings: [], files: [] });
  }, 60_000);
  afterAll(() => hostile?.close());

  test.each([
    ["deep", { inner: { inner: {} } }, "valid", null],
    ["deeper", {}, "unchecked", "the schema nests more than 512 levels deep, too deep to hand to a validator"],
    ["cycle", { x: 1 }, "unchecked", "the schema refers to itself without consuming any of the value (#/$defs/a -> #/$defs/b -> #/$defs/a): checking would never end"],
    ["self_ref", {}, "unchecked", "the schema refers to itself without consuming any of the value (#/$defs/loop -> #/$defs/loop): checking would never end"],
    ["bad_pattern", { q: "x" }, "unchecked", expect.stringMatching(/^the schema cannot be compiled: /)],
  ])("%s", { timeout: 30_000 }, async (name, args, check, reason) => {
    const answer = await runCall(hostile, { settings: {}, rules: [] }, { id: `h-${name}`, client: "claude-code", name: `mcp__hostile__${name}`, arguments: args, timeoutMs: 10_000 });
    const r = "call" in answer ? answer.call : null;
    // An unchecked schema does not stop the call: the server is the judge, and the reason is shown.
    expect(r).toMatchObject({ status: "ok", argumentCheck: { status: check, ...(reason ? { reason } : {}) } });
  });
});
