/** What a capture keeps of a request, and the debug lines it records. */
import { describe, expect, test } from "vitest";
import { claudeCodeDebugLines, codexDebugLines, codexOutsideConnections, withoutTimings } from "./debug-log";
import { codexCallOutcomes, deferredAnnouncements, extractClaudeCodeTools, extractCodexTools, isMainLoop, mcpNamesInText, toolCallOutcomes } from "./extract";

describe("extractClaudeCodeTools", () => {
  test("keeps the mcp__ entries exactly and in order, and names every entry", () => {
    const weird = { name: "mcp__s__b", description: "B", input_schema: { type: "object", properties: {}, "x-k": [1] } };
    const body = { tools: [{ name: "Bash" }, { name: "mcp__s__a", description: "A" }, { name: "Read" }, weird] };
    const out = extractClaudeCodeTools(body);
    expect(out.mcp).toEqual([{ name: "mcp__s__a", description: "A" }, weird]);
    expect(out.mcp[1]).toBe(weird);
    expect(out.toolNames).toEqual(["Bash", "mcp__s__a", "Read", "mcp__s__b"]);
    expect(out.otherToolNames).toEqual(["Bash", "Read"]);
  });

  test.each([
    ["no tools", {}],
    ["tools not an array", { tools: "x" }],
    ["no body", null],
  ])("%s: nothing", (_name, body) => {
    expect(extractClaudeCodeTools(body)).toEqual({ mcp: [], toolNames: [], otherToolNames: [] });
  });

  test("WaitForMcpServers, offered only while a server is still connecting, is left out of the names", () => {
    const out = extractClaudeCodeTools({ tools: [{ name: "Bash" }, { name: "WaitForMcpServers" }, { name: "mcp__s__a" }] });
    expect(out.toolNames).toEqual(["Bash", "mcp__s__a"]);
    expect(out.otherToolNames).toEqual(["Bash"]);
  });

  test("an entry without a name is listed by its type", () => {
    expect(extractClaudeCodeTools({ tools: [{ type: "web_search_20250305" }] }).toolNames).toEqual(["<web_search_20250305>"]);
  });
});

describe("extractCodexTools", () => {
  test("MCP servers are the namespaces named mcp__*; other namespaces and functions are not", () => {
    const ns = { type: "namespace", name: "mcp__fs", description: "Tools in the mcp__fs namespace.", tools: [] };
    const body = { tools: [{ type: "function", name: "exec_command" }, { type: "namespace", name: "multi_agent_v1", tools: [] }, ns, { type: "web_search" }] };
    const out = extractCodexTools(body);
    expect(out.mcp).toEqual([ns]);
    expect(out.toolNames).toEqual(["exec_command", "multi_agent_v1", "mcp__fs", "<web_search>"]);
    expect(out.otherToolNames).toEqual(["exec_command", "multi_agent_v1", "<web_search>"]);
  });

  test("a function named mcp__ is not a server namespace", () => {
    expect(extractCodexTools({ tools: [{ type: "function", name: "mcp__x" }] }).mcp).toEqual([]);
  });
});

test("mcpNamesInText finds the deferred names in the system prompt and messages, once each, in order", () => {
  const body = {
    system: [{ type: "text", text: "You can load mcp__b__x and mcp__a__y." }],
    messages: [{ role: "user", content: [{ type: "text", text: "<available-deferred-tools>\nmcp__a__y\nmcp__c__z-1\n</available-deferred-tools>" }] }],
    tools: [{ name: "mcp__not__counted" }],
  };
  expect(mcpNamesInText(body)).toEqual(["mcp__b__x", "mcp__a__y", "mcp__c__z-1"]);
});

test.each([
  [{ tools: [{ name: "Bash" }] }, true],
  [{ tools: [{ name: "Read" }] }, false],
  [{}, false],
])("isMainLoop(%j) = %s", (body, expected) => {
  expect(isMainLoop(body)).toBe(expected);
});

describe("debug lines", () => {
  test.each([
    ["Connection failed after 3s, 2588ms of it awake", "Connection failed after <time>, <time> of it awake"],
    ["tools/list failed (x); retrying in 250ms", "tools/list failed (x); retrying in 250ms"],
    ["took 1.5s", "took <time>"],
    ["12 tools", "12 tools"],
  ])("withoutTimings(%j)", (text, expected) => {
    expect(withoutTimings(text)).toBe(expected);
  });

  test("Claude Code: keeps skipped tools, truncation and failed fetches without timestamps, grouped by server, in time order within one", () => {
    const log = [
      '2026-11-30T07:01:26.188Z [DEBUG] MCP server "zeta": tools/list failed (Invalid result); retrying in 250ms',
      '2026-11-30T07:01:26.190Z [DEBUG] MCP server "alpha": Successfully connected (transport: stdio) in 319ms',
      '2026-11-30T07:01:26.191Z [ERROR] MCP server "alpha" Skipping tool "x": its input schema would be rejected by the Anthropic API (detail). Other tools from this server remain available.',
      '2026-11-30T07:01:26.456Z [DEBUG] MCP server "zeta": tools/list failed (Invalid result); retrying in 500ms',
      '2026-11-30T07:01:26.500Z [DEBUG] MCP server "alpha": Tool "d" description truncated from 5000 to 4096 chars',
      "2026-11-30T07:01:26.600Z [DEBUG] Spawning shell without login (-l flag skipped)",
      '2026-11-30T07:01:27.998Z [ERROR] MCP server "zeta" Failed to fetch tools: Invalid result',
      '2026-11-30T07:01:27.999Z [ERROR] MCP server "zeta" Failed to fetch tools: Invalid result',
    ].join("\n");
    expect(claudeCodeDebugLines(log)).toEqual([
      'ERROR MCP server "alpha" Skipping tool "x": its input schema would be rejected by the Anthropic API (detail). Other tools from this server remain available.',
      'DEBUG MCP server "alpha": Tool "d" description truncated from 5000 to 4096 chars',
      'DEBUG MCP server "zeta": tools/list failed (Invalid result); retrying in 250ms',
      'DEBUG MCP server "zeta": tools/list failed (Invalid result); retrying in 500ms',
      'ERROR MCP server "zeta" Failed to fetch tools: Invalid result',
    ]);
  });

  test("Codex: keeps WARN and ERROR lines of MCP targets, without timestamp and spans", () => {
    const log = [
      '2026-11-30T07:02:21.941616Z  WARN app_server.request{otel.name="thread/start"}:session_init: codex_mcp::rmcp_client: MCP server startup failed server_name="pages" error=Unexpected response type',
      "2026-11-30T07:02:21.941617Z  INFO rmcp::service: Service initialized as client",
      "2026-11-30T07:02:21.941618Z  WARN codex_core::mcp_tool_exposure: Skipping MCP tool `mcp__kwk`: failed to build tool spec: invalid type",
      "2026-11-30T07:02:21.941619Z  WARN codex_core::exec: unrelated",
    ].join("\n");
    expect(codexDebugLines(log)).toEqual([
      "WARN codex_core::mcp_tool_exposure: Skipping MCP tool `mcp__kwk`: failed to build tool spec: invalid type",
      'WARN codex_mcp::rmcp_client: MCP server startup failed server_name="pages" error=Unexpected response type',
    ]);
  });

  test("Codex: any connection to a host but loopback is reported", () => {
    const log = [
      "DEBUG reqwest::connect: starting new connection: http://127.0.0.1:38937/",
      "DEBUG reqwest::connect: starting new connection: https://ab.chatgpt.com/",
      "DEBUG reqwest::connect: starting new connection: http://localhost:1/",
      "DEBUG reqwest::connect: starting new connection: https://api.github.com/",
    ].join("\n");
    expect(codexOutsideConnections(log)).toEqual(["https://ab.chatgpt.com", "https://api.github.com"]);
  });
});

test("deferredAnnouncements keeps each announcing block, from its heading to the end of the lists, in request order", () => {
  const body = {
    system: [{ type: "text", text: "You are an agent." }],
    messages: [
      {
        role: "system",
        content:
          "Env.\n\nThe following deferred tools are now available via ToolSearch:\nRead\nmcp__a__b\n\nThe following MCP servers are still connecting:\npages\n\nIf the user's request might be served by one of these servers, search.\n\nAvailable agent types:\n- claude\n\nToday's date is 2026-11-30.",
      },
      { role: "user", content: [{ type: "text", text: "say ok" }] },
      { role: "system", content: [{ type: "text", text: "The following deferred tools are now available via ToolSearch:\nmcp__c__d" }] },
    ],
  };
  expect(deferredAnnouncements(body)).toEqual([
    [
      "The following deferred tools are now available via ToolSearch:",
      "Read",
      "mcp__a__b",
      "",
      "The following MCP servers are still connecting:",
      "pages",
      "",
      "If the user's request might be served by one of these servers, search.",
    ],
    ["The following deferred tools are now available via ToolSearch:", "mcp__c__d"],
  ]);
  expect(deferredAnnouncements({ messages: [] })).toEqual([]);
});

test("toolCallOutcomes matches each tool result to the tool called with that id: ran when the server echoed, refused otherwise", () => {
  const results = {
    messages: [
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "c0", content: [{ type: "text", text: "mcp__s__a called with {}" }] },
          { type: "tool_result", tool_use_id: "c1", content: "Claude requested permissions to use mcp__s__b, but you haven't granted it yet.", is_error: true },
        ],
      },
    ],
  };
  expect(toolCallOutcomes(["mcp__s__a", "mcp__s__b", "mcp__s__c"], results, (i) => `c${i}`)).toEqual({
    mcp__s__a: { ran: true, text: "mcp__s__a called with {}" },
    mcp__s__b: { ran: false, text: "Claude requested permissions to use mcp__s__b, but you haven't granted it yet." },
    mcp__s__c: { ran: false, text: "<no tool result>" },
  });
});

test("codexCallOutcomes matches outputs to calls by id and drops the wall-time prefix", () => {
  const results = {
    input: [
      { type: "function_call_output", call_id: "k0", output: [{ type: "input_text", text: "Wall time: 0.0094 seconds\nOutput:" }, { type: "input_text", text: "read called with {}" }] },
      { type: "function_call_output", call_id: "k1", output: "MCP tool call requires approval, but approval policy is never" },
    ],
  };
  const calls = [
    { namespace: "mcp__fs", name: "read" },
    { namespace: "mcp__fs", name: "write" },
    { namespace: "mcp__fs", name: "gone" },
  ];
  expect(codexCallOutcomes(calls, results, (i) => `k${i}`)).toEqual({
    "mcp__fs/read": { ran: true, text: "read called with {}" },
    "mcp__fs/write": { ran: false, text: "MCP tool call requires approval, but approval policy is never" },
    "mcp__fs/gone": { ran: false, text: "<no output>" },
  });
});
