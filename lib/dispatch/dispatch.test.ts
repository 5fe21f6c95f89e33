import { describe, expect, test } from "vitest";
import { clientView, type ClientChoice } from "@/lib/clients";
import type { SourcedRule } from "@/lib/permissions/types";
import type { ServerToolList } from "@/lib/reconcile/types";
import { decline, dispatch, resolveCallName } from "./dispatch";
import type { Dispatch, DispatchInput } from "./types";
import { modelToolCall, modelToolError, toolsCallRequest } from "./wire";

const obj = (properties: Record<string, unknown>, required: string[] = []) => ({ type: "object", properties, required });

// A small fleet, as raw tool lists: a name two servers share, a dotted name, a root oneOf the
// flattening loosens, a tool the reconciler excludes, and a server that is down.
const FLEET: ServerToolList[] = [
  {
    id: "fs",
    status: "ready",
    tools: [
      { name: "files.read", inputSchema: obj({ path: { type: "string" } }, ["path"]), outputSchema: obj({ text: { type: "string" } }, ["text"]) },
      { name: "files.write", inputSchema: obj({ path: { type: "string" }, content: { type: "string" } }, ["path", "content"]) },
      { name: "delete", inputSchema: obj({ path: { type: "string" } }, ["path"]) },
    ],
  },
  {
    id: "tracker",
    status: "ready",
    tools: [
      { name: "create_issue", inputSchema: obj({ title: { type: "string" }, priority: { type: "integer", enum: [0, 1, 2] } }, ["title"]) },
      {
        name: "find",
        inputSchema: { type: "object", properties: { id: { type: "string" }, key: { type: "string" } }, oneOf: [{ required: ["id"] }, { required: ["key"] }] },
      },
    ],
  },
  { id: "githost", status: "ready", tools: [{ name: "create_issue", inputSchema: obj({ repo: { type: "string" } }, ["repo"]) }] },
  { id: "broken", status: "ready", tools: [{ name: "weird", inputSchema: { type: "object", properties: { "bad name!": { type: "string" } } } }, { name: "fine", inputSchema: { type: "object" } }] },
  { id: "down", status: "error", error: "exited with code 1", tools: [] },
];

const RULES: SourcedRule[] = [
  { rule: "mcp__fs__delete", list: "deny", source: "ours" },
  { rule: "mcp__fs__files_write", list: "ask", source: ".claude/settings.json" },
  { rule: "mcp__fs", list: "allow", source: "ours", serverDefault: true },
];

function run(client: ClientChoice, call: Partial<DispatchInput["call"]> & { name: string }, extra: Partial<DispatchInput> = {}): Dispatch {
  return dispatch({ view: clientView(client, FLEET, extra.view ? {} : { claudeCode: { deny: [{ rule: "mcp__broken__fine", file: ".claude/settings.local.json" }] } }), servers: FLEET, rules: RULES, call: { id: "toolu_1", arguments: {}, ...call }, ...extra });
}

/** One line per outcome: what the host does, and where or why. */
function outcome(d: Dispatch): string {
  if (d.action === "send") return `send ${d.target.serverId}:${d.params.name}${d.forced ? " (forced)" : ""}${d.confirmed ? " (confirmed)" : ""}`;
  if (d.action === "confirm") return `confirm: ${d.question}`;
  return `refuse ${d.refusal.code}: ${d.refusal.message}`;
}

describe("dispatch: a name as each client sends it", () => {
  test.each<[string, ClientChoice, Partial<DispatchInput["call"]> & { name: string }, string]>([
    ["an Agent SDK exposed name, prefixed because two servers list it", "agent-sdk", { name: "tracker__create_issue", arguments: { title: "Crash" } }, "send tracker:create_issue"],
    ["a unique Agent SDK name, sanitized", "agent-sdk", { name: "files_read", arguments: { path: "/a" } }, "send fs:files.read"],
    ["a Claude Code name of a dotted tool", "claude-code", { name: "mcp__fs__files_read", arguments: { path: "/a" } }, "send fs:files.read"],
    ["Codex's namespace and function, as one name", "codex", { name: "mcp__fs__files_read", arguments: { path: "/a" } }, "send fs:files.read"],
    ["Codex's namespace and function, apart", "codex", { namespace: "mcp__fs", name: "files_read", arguments: { path: "/a" } }, "send fs:files.read"],
    [
      "an unknown name: the names that exist, closest first",
      "claude-code",
      { name: "mcp__fs__file_read" },
      'refuse unknown-tool: Unknown tool "mcp__fs__file_read". Tools that exist, closest first: mcp__fs__files_read, mcp__fs__files_write, mcp__fs__delete, mcp__githost__create_issue, mcp__tracker__create_issue, mcp__tracker__find. Not connected, so their tools are unknown: Claude Code 2.1.328 would list 0 tools: the server failed (exited with code 1).',
    ],
    [
      "the original name of a tool that collides: both prefixed names come first",
      "agent-sdk",
      { name: "create_issue" },
      'refuse unknown-tool: Unknown tool "create_issue". Tools that exist, closest first: githost__create_issue, tracker__create_issue, delete, files_read, files_write, find, fine. Not connected, so their tools are unknown: Agent SDK host (MCP Fleet\'s reconciler) would list 0 tools: the server failed (exited with code 1).',
    ],
    [
      "a tool the reconciler excludes says why",
      "agent-sdk",
      { name: "weird" },
      'refuse not-sent: Tool "weird" (broken:weird) is not sent to the model by Agent SDK host (MCP Fleet\'s reconciler): property name "bad name!" breaks ^[a-zA-Z0-9_.-]{1,64}$ (the Claude API rejects the tool).',
    ],
    [
      "a tool Claude Code's settings deny is not sent, and the rule is named",
      "claude-code",
      { name: "mcp__broken__fine" },
      'refuse not-sent: Tool "mcp__broken__fine" (broken:fine) is not sent to the model by Claude Code 2.1.328, so it cannot be called: denied by "mcp__broken__fine" in .claude/settings.local.json: Claude Code removes mcp__broken__fine from the request.',
    ],
    [
      "a tool of a server that is down",
      "claude-code",
      { name: "mcp__down__anything" },
      "refuse server-unavailable: Tool \"mcp__down__anything\" belongs to server down, which is not connected: Claude Code 2.1.328 would list 0 tools: the server failed (exited with code 1).",
    ],
    ["a deny rule: not called, the rule named", "claude-code", { name: "mcp__fs__delete", arguments: { path: "/" } }, 'refuse denied: Tool "mcp__fs__delete" was not called: deny "mcp__fs__delete" (our rule) denies it.'],
    ["the same deny under Codex's name", "codex", { name: "mcp__fs__delete", arguments: { path: "/" } }, 'refuse denied: Tool "mcp__fs__delete" was not called: deny "mcp__fs__delete" (our rule) denies it.'],
    [
      "an ask rule asks first",
      "claude-code",
      { name: "mcp__fs__files_write", arguments: { path: "/a", content: "x" } },
      'confirm: ask "mcp__fs__files_write" (.claude/settings.json) asks before mcp__fs__files_write is called on server fs. Call it?',
    ],
    [
      "arguments that break the original schema are caught before sending",
      "agent-sdk",
      { name: "tracker__create_issue", arguments: { priority: 9 } },
      'refuse invalid-arguments: The arguments do not match the input schema of tracker:create_issue (checked as 2020-12 before sending): $.title: missing required property "title"; $.priority: must be one of 0, 1, 2.',
    ],
    [
      "a oneOf the flattening loosened is still enforced here",
      "claude-code",
      { name: "mcp__tracker__find", arguments: { id: "1", key: "k" } },
      "refuse invalid-arguments: The arguments do not match the input schema of tracker:find (checked as 2020-12 before sending): $: must match exactly one branch of oneOf; it matches branches 0 and 1.",
    ],
    ["arguments that are not an object", "claude-code", { name: "mcp__fs__files_read", arguments: ["/a"] }, 'refuse arguments-not-object: The arguments of "mcp__fs__files_read" must be a JSON object, not an array.'],
    ["no arguments are an empty object", "agent-sdk", { name: "fine", arguments: undefined }, "send broken:fine"],
  ])("%s", (_name, client, call, expected) => {
    expect(outcome(run(client, call))).toBe(expected);
  });

  test("the flattened schema the model sees accepts what the original refuses: that is why the original is checked", () => {
    const view = clientView("claude-code", FLEET);
    const find = view.tools.find((t) => t.originalName === "find")!;
    expect(find.sent?.schema).toMatchObject({ type: "object", required: [] });
    const d = run("claude-code", { name: "mcp__tracker__find", arguments: {} });
    expect(d.action === "refuse" && d.refusal.errors?.map((e) => e.path)).toEqual(["$.id", "$.key", "$"]);
  });

  test("a forced call is sent as given, and says so", () => {
    const d = run("agent-sdk", { name: "tracker__create_issue", arguments: { priority: 9 } }, { force: true });
    expect(outcome(d)).toBe("send tracker:create_issue (forced)");
    expect(d.action === "send" && d.params).toEqual({ name: "create_issue", arguments: { priority: 9 } });
    expect(d.argumentCheck?.status).toBe("invalid");
  });

  test("a confirmed ask is sent; a declined one is refused naming the rule", () => {
    const call = { name: "mcp__fs__files_write", arguments: { path: "/a", content: "x" } };
    expect(outcome(run("claude-code", call, { confirmed: true }))).toBe("send fs:files.write (confirmed)");
    const asked = run("claude-code", call);
    if (asked.action !== "confirm") throw new Error("expected a question");
    const refused = decline(asked, "the user said no");
    expect(refused.refusal).toMatchObject({ code: "declined", rule: { rule: "mcp__fs__files_write", list: "ask" } });
    expect(refused.refusal.message).toBe('Tool "mcp__fs__files_write" was not called: ask "mcp__fs__files_write" (.claude/settings.json) asks first, and the user said no.');
  });

  test("a forced call that is denied stays denied; an ask is asked even when forced", () => {
    expect(run("claude-code", { name: "mcp__fs__delete", arguments: {} }, { force: true }).action).toBe("refuse");
    expect(run("claude-code", { name: "mcp__fs__files_write", arguments: {} }, { force: true }).action).toBe("confirm");
  });

  test("the target carries the original schemas: the input schema as listed and the outputSchema", () => {
    const d = run("claude-code", { name: "mcp__fs__files_read", arguments: { path: "/a" } });
    expect(d.action === "send" && d.target).toEqual({
      serverId: "fs",
      originalName: "files.read",
      callName: "mcp__fs__files_read",
      position: 1,
      inputSchema: FLEET[0].tools[0] && (FLEET[0].tools[0] as { inputSchema: unknown }).inputSchema,
      outputSchema: (FLEET[0].tools[0] as { outputSchema: unknown }).outputSchema,
    });
  });

  test("without rules nothing is denied or asked", () => {
    const d = dispatch({ view: clientView("claude-code", FLEET), servers: FLEET, call: { id: "t", name: "mcp__fs__delete", arguments: { path: "/" } } });
    expect(d.action).toBe("send");
    expect(d.decision).toEqual({ decision: "none", rule: null, why: "no permission rules given" });
  });

  test("the same call resolves the same way whatever the order the servers are listed in", () => {
    const reversed = [...FLEET].reverse();
    for (const name of ["tracker__create_issue", "create_issue", "weird"]) {
      const a = run("agent-sdk", { name, arguments: { title: "x" } });
      const b = dispatch({ view: clientView("agent-sdk", reversed), servers: reversed, rules: RULES, call: { id: "toolu_1", name, arguments: { title: "x" } } });
      expect(outcome(b)).toBe(outcome(a));
    }
  });

  test("a long fleet's unknown-name answer spells out 50 names and counts the rest", () => {
    const many: ServerToolList[] = [{ id: "big", status: "ready", tools: Array.from({ length: 80 }, (_, i) => ({ name: `tool_${String(i).padStart(2, "0")}`, inputSchema: { type: "object" } })) }];
    const r = resolveCallName(clientView("agent-sdk", many), "nothing_like_it");
    expect(r.kind === "unknown" && r.names.length).toBe(80);
    const d = dispatch({ view: clientView("agent-sdk", many), servers: many, call: { id: "t", name: "nothing_like_it", arguments: {} } });
    expect(d.action === "refuse" && d.refusal.message).toMatch(/tool_49, … and 30 more\.$/);
  });
});

describe("the three JSONs", () => {
  test.each<[ClientChoice, unknown]>([
    ["claude-code", { type: "tool_use", id: "toolu_1", name: "mcp__fs__files_read", input: { path: "/a" } }],
    ["agent-sdk", { type: "tool_use", id: "toolu_1", name: "mcp__fs__files_read", input: { path: "/a" } }],
    ["codex", { type: "function_call", call_id: "toolu_1", namespace: "mcp__fs", name: "files_read", arguments: '{"path":"/a"}' }],
  ])("%s: the model's call", (client, expected) => {
    expect(modelToolCall(client === "claude-code@2.1.194" ? "claude-code" : (client as "claude-code" | "codex" | "agent-sdk"), { id: "toolu_1", name: "mcp__fs__files_read", arguments: { path: "/a" } })).toEqual(expected);
  });

  test("the host's answer when it does not call the tool, per API", () => {
    expect(modelToolError("claude-code", "toolu_1", "Unknown tool")).toEqual({ type: "tool_result", tool_use_id: "toolu_1", is_error: true, content: [{ type: "text", text: "Unknown tool" }] });
    expect(modelToolError("codex", "call_1", "Unknown tool")).toEqual({ type: "function_call_output", call_id: "call_1", output: "Unknown tool" });
  });

  test("the request carries the original name", () => {
    const d = run("claude-code", { name: "mcp__fs__files_read", arguments: { path: "/a" } });
    if (d.action !== "send") throw new Error("expected a send");
    expect(toolsCallRequest(7, d.params)).toEqual({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "files.read", arguments: { path: "/a" } } });
  });
});
