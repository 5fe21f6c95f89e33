/**
 * `mcp-fleet call` in-process against real stdio servers: the calls fixture (recording every cancellation it
 * receives), the basic fixture and the published server-everything, in a project with a
 * `.claude/settings.json`. Every ending of "Try a tool" from a terminal.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { fixtureSpecPath, fixtureSpecWith, rawServerCommand, REPO_ROOT } from "@/e2e/fixtures/fixture-servers";
import { CliError } from "../io";
import { main } from "../main";
import { parseCallArgs, type CallIO } from "./call";

const dir = mkdtempSync(join(tmpdir(), "mcp-fleet-call-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const calls = rawServerCommand(fixtureSpecWith("calls", join(dir, "specs"), { recordCancellations: "cancelled.jsonl" }));
const basic = rawServerCommand(fixtureSpecPath("basic"));
const everything = { command: process.execPath, args: [join(REPO_ROOT, "node_modules/@modelcontextprotocol/server-everything/dist/index.js"), "stdio"] };
writeFileSync(join(dir, ".mcp.json"), JSON.stringify({ mcpServers: { calls, basic } }, null, 2));
writeFileSync(join(dir, "everything.mcp.json"), JSON.stringify({ mcpServers: { everything } }, null, 2));
mkdirSync(join(dir, ".claude"));
writeFileSync(join(dir, ".claude/settings.json"), JSON.stringify({ permissions: { ask: ["mcp__basic__echo"], deny: ["mcp__calls__picture"] } }));

function io(confirm?: CallIO["confirm"]): CallIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (l) => stdout.push(l), err: (l) => stderr.push(l), cwd: dir, env: { PATH: process.env.PATH, HOME: join(dir, "home") }, confirm: confirm === undefined ? null : confirm };
}

async function fleetCall(args: string[], confirm?: CallIO["confirm"]): Promise<{ code: number; json: { toolUse: unknown; request: unknown; result: unknown } | null; out: string; err: string }> {
  const t = io(confirm);
  const code = await main(["call", "--config", ".mcp.json", ...args], t);
  const out = t.stdout.join("\n");
  return { code, json: args.includes("--json") ? JSON.parse(out) : null, out, err: t.stderr.join("\n") };
}

describe("mcp-fleet call", () => {
  test("a good call: --json prints exactly { toolUse, request, result } and exits 0", { timeout: 60_000 }, async () => {
    const { code, json } = await fleetCall(["--json", "mcp__calls__echo", '{"text":"hi"}']);
    expect(code).toBe(0);
    expect(Object.keys(json!)).toEqual(["toolUse", "request", "result"]);
    expect(json).toEqual({
      toolUse: { type: "tool_use", id: expect.stringMatching(/^toolu_/), name: "mcp__calls__echo", input: { text: "hi" } },
      request: { jsonrpc: "2.0", id: expect.any(Number), method: "tools/call", params: { name: "echo", arguments: { text: "hi" } } },
      result: { jsonrpc: "2.0", id: (json!.request as { id: number }).id, result: { content: [{ type: "text", text: '{"text":"hi"}' }], structuredContent: { text: "hi" } } },
    });
  });

  test("the text form: the three JSONs and the checks on the way", { timeout: 60_000 }, async () => {
    const { code, out } = await fleetCall(["--client", "agent-sdk", "calls__echo", '{"text":"hi"}']);
    expect(code).toBe(0);
    expect(out).toContain("1. tool_use (Agent SDK host (MCP Fleet's reconciler))");
    expect(out).toContain('2. tools/call to server calls, tool "echo"');
    expect(out).toMatch(/3\. the server's answer: answered in \d+ ms/);
    expect(out).toContain("arguments: valid against the original schema (2020-12)");
    expect(out).toContain("structuredContent: matches the outputSchema");
  });

  test("Codex: the model's function_call with its namespace", { timeout: 60_000 }, async () => {
    const { code, json } = await fleetCall(["--json", "--client", "codex", "mcp__calls__echo", '{"text":"hi"}']);
    expect(code).toBe(0);
    expect(json?.toolUse).toEqual({ type: "function_call", call_id: expect.stringMatching(/^call_/), namespace: "mcp__calls", name: "echo", arguments: '{"text":"hi"}' });
  });

  test("an unknown name: the same object, the error as the result, exit 1", { timeout: 60_000 }, async () => {
    const { code, json } = await fleetCall(["--json", "mcp__calls__ecko"]);
    expect(code).toBe(1);
    expect(json?.request).toBeNull();
    expect(json?.result).toEqual({
      type: "tool_result",
      tool_use_id: expect.stringMatching(/^toolu_/),
      is_error: true,
      content: [{ type: "text", text: expect.stringMatching(/^Unknown tool "mcp__calls__ecko"\. Tools that exist, closest first: mcp__calls__echo, /) }],
    });
  });

  test("a denied tool: not called, the rule and its file named, exit 1", { timeout: 60_000 }, async () => {
    const { code, json } = await fleetCall(["--json", "mcp__calls__picture"]);
    expect(code).toBe(1);
    expect(json?.request).toBeNull();
    expect(JSON.stringify(json?.result)).toContain('denied by \\"mcp__calls__picture\\" in .claude/settings.json');
    // Claude Code removes it from the request; under another client the same deny rule still stops the call.
    const sdk = await fleetCall(["--json", "--client", "agent-sdk", "picture"]);
    expect(sdk.code).toBe(1);
    expect(JSON.stringify(sdk.json?.result)).toContain('was not called: deny \\"mcp__calls__picture\\" (.claude/settings.json) denies it.');
  });

  test("a tool our own rule denies (set with fleet permissions): the rule is named", { timeout: 60_000 }, async () => {
    const t = io();
    expect(await main(["permissions", "set", "--config", ".mcp.json", "calls:weather", "deny"], t)).toBe(0);
    const { code, json } = await fleetCall(["--json", "mcp__calls__weather"]);
    expect(code).toBe(1);
    expect(JSON.stringify(json?.result)).toContain('was not called: deny \\"mcp__calls__weather\\" (our rule) denies it.');
  });

  test("an asked tool: refused without a terminal or --yes, asked on a terminal, called with --yes", { timeout: 90_000 }, async () => {
    const refused = await fleetCall(["--json", "mcp__basic__echo", '{"text":"x"}']);
    expect(refused.code).toBe(1);
    expect(JSON.stringify(refused.json?.result)).toContain("asks first, and it needs a yes and stdin is not a terminal: run it again with --yes");
    const questions: string[] = [];
    const no = await fleetCall(["--json", "mcp__basic__echo", '{"text":"x"}'], async (q) => (questions.push(q), false));
    expect(no.code).toBe(1);
    expect(questions).toEqual(['ask "mcp__basic__echo" (.claude/settings.json) asks before mcp__basic__echo is called on server basic. Call it?']);
    expect(JSON.stringify(no.json?.result)).toContain("asks first, and the user said no");
    expect((await fleetCall(["--json", "mcp__basic__echo", '{"text":"x"}'], async () => true)).code).toBe(0);
    const yes = await fleetCall(["--json", "--yes", "mcp__basic__echo", '{"text":"x"}']);
    expect(yes.code).toBe(0);
    expect(yes.json?.result).toMatchObject({ result: { content: [{ text: 'echo called with {"text":"x"}' }] } });
  });

  test("bad arguments are caught before sending, with the reason and its path; --force sends them", { timeout: 60_000 }, async () => {
    const caught = await fleetCall(["mcp__calls__find", '{"id":"1","key":"k"}']);
    expect(caught.code).toBe(1);
    expect(caught.out).toContain("2. tools/call: not sent");
    expect(caught.out).toContain("arguments: do not match the original schema (2020-12)\n  $: must match exactly one branch of oneOf; it matches branches 0 and 1");
    const forced = await fleetCall(["--json", "--force", "mcp__calls__find", '{"id":"1","key":"k"}']);
    expect(forced.code).toBe(0);
    expect(forced.json?.request).toMatchObject({ params: { name: "find", arguments: { id: "1", key: "k" } } });
  });

  test("arguments that are not JSON: one line naming where, exit 2, nothing started", async () => {
    const t = io();
    expect(await main(["call", "--config", ".mcp.json", "mcp__calls__echo", "{text: hi}"], t)).toBe(2);
    expect(t.stderr).toEqual(["mcp-fleet call: the arguments are not JSON: unexpected character (a value is a string in double quotes, a number, true, false, null, an object or an array) at line 1, column 2"]);
  });

  test("a server that errors and a tool that reports an error: both exit 1, each in its own form", { timeout: 60_000 }, async () => {
    const tool = await fleetCall(["--json", "--client", "agent-sdk", "tool_error"]);
    expect(tool.code).toBe(1);
    expect(tool.json?.result).toMatchObject({ result: { isError: true, content: [{ text: "record 42 does not exist" }] } });
    const server = await fleetCall(["--json", "--client", "agent-sdk", "rpc_error"]);
    expect(server.code).toBe(1);
    expect(server.json?.result).toMatchObject({ jsonrpc: "2.0", error: { code: -32603, message: "database is locked" } });
  });

  test("a server that dies mid-call: the answer says how, exit 1", { timeout: 60_000 }, async () => {
    const { code, json } = await fleetCall(["--json", "mcp__calls__crash"]);
    expect(code).toBe(1);
    expect(JSON.stringify(json?.result)).toMatch(/mcp__calls__crash failed: server calls stopped before answering \(exited with code 1; stderr: .*exiting with code 1 in the middle of crash/);
  });

  test("a call that hangs: --timeout cancels it, and the server saw notifications/cancelled for that request", { timeout: 60_000 }, async () => {
    const { code, out } = await fleetCall(["--timeout", "700", "mcp__calls__slow"]);
    expect(code).toBe(1);
    expect(out).toContain("3. the host's answer to the model: no answer: timed out after 700 ms; the server was sent notifications/cancelled");
    const sent = /sent to the server: (\{.*\})/.exec(out);
    const cancellation = JSON.parse(sent![1]) as { params: { requestId: number; reason: string } };
    const file = join(dir, "specs", "cancelled.jsonl");
    const recorded = () => (existsSync(file) ? readFileSync(file, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l)) : []);
    await expect.poll(recorded, { timeout: 3_000 }).toContainEqual({ requestId: cancellation.params.requestId, tool: "slow", reason: "timed out after 700 ms" });
  });

  test("server-everything, published: a good call, and bad arguments caught against its draft-07 schema", { timeout: 60_000 }, async () => {
    const t = io();
    expect(await main(["call", "--config", "everything.mcp.json", "--json", "mcp__everything__get-sum", '{"a":2,"b":3}'], t)).toBe(0);
    expect(JSON.parse(t.stdout.join("\n")).result).toMatchObject({ result: { content: [{ type: "text", text: "The sum of 2 and 3 is 5." }] } });
    const bad = io();
    expect(await main(["call", "--config", "everything.mcp.json", "mcp__everything__get-sum", '{"a":2}'], bad)).toBe(1);
    expect(bad.stdout.join("\n")).toContain('arguments: do not match the original schema (draft-07)\n  $.b: missing required property "b"');
  });
});

describe("parseCallArgs", () => {
  test.each([
    [["mcp__fs__files_read"], { name: "mcp__fs__files_read", arguments: {}, client: "claude-code", json: false, yes: false, force: false }],
    [["-y", "--force", "--client", "codex", "mcp__fs__files_read", '{"path":"/a"}', "--json"], { name: "mcp__fs__files_read", arguments: { path: "/a" }, client: "codex", json: true, yes: true, force: true }],
    [["--timeout", "500", "x", "[1]"], { name: "x", arguments: [1], timeoutMs: 500 }],
    [["--profile", "review", "-c", "a.json", "x"], { name: "x", profile: "review", configs: ["a.json"] }],
  ])("%j", (args, expected) => {
    expect(parseCallArgs(args)).toMatchObject(expected);
  });

  test.each([
    [[], "name the tool to call, as the client's model calls it (e.g. mcp__fs__files_read)"],
    [["x", "{}", "extra"], 'give the arguments as one JSON object in quotes; unexpected "extra"'],
    [["--client", "cursor", "x"], '--client is one of claude-code, claude-code@2.1.194, codex, agent-sdk, not "cursor"'],
    [["x", '{"a":'], "the arguments are not JSON: expected a value (the text ends here) at line 1, column 6"],
    [["--profile", "a b", "x"], '--profile takes a profile name (letters, digits, "-" and "_"), not "a b"'],
  ])("%j is refused", (args, message) => {
    expect(() => parseCallArgs(args)).toThrow(new CliError(message));
  });
});
