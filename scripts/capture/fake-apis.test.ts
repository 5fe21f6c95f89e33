/** The fake model APIs' framing and turn logic: what Claude Code and Codex parse, event by event. */
import { describe, expect, test } from "vitest";
import { answerFor, callId, isFirstMainLoopRequest, messageJson, messageStream, WAIT_TOOL_USE_ID, waitsDone } from "./fake-anthropic";
import { codexCallId, functionCallStream, hasFunctionOutput, offeredMcpTools, responsesAnswer, responseStream } from "./fake-responses";
import { parseSse, sseEvent } from "./sse";

describe("sse", () => {
  test("one event is an event line, a data line of compact JSON and a blank line", () => {
    expect(sseEvent("ping", { a: [1, "x"] })).toBe('event: ping\ndata: {"a":[1,"x"]}\n\n');
  });

  test("parseSse reads back what sseEvent writes", () => {
    const text = sseEvent("one", { n: 1 }) + sseEvent("two", "text\nwith newline");
    expect(parseSse(text)).toEqual([
      { event: "one", data: { n: 1 } },
      { event: "two", data: "text\nwith newline" },
    ]);
  });
});

describe("fake Anthropic Messages API", () => {
  test("a text answer streams message_start, one text block, message_delta end_turn, message_stop", () => {
    const events = parseSse(messageStream("m", [{ type: "text", text: "ok" }]));
    expect(events.map((e) => e.event)).toEqual([
      "message_start",
      "content_block_start",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    expect(events[2].data).toEqual({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "ok" } });
    expect((events[4].data as { delta: { stop_reason: string } }).delta.stop_reason).toBe("end_turn");
  });

  test("a tool_use answer sends its input as one input_json_delta and stops for tool_use", () => {
    const events = parseSse(messageStream("m", [{ type: "tool_use", id: "t1", name: "Bash", input: { command: "sleep 3" } }]));
    expect(events[1].data).toEqual({ type: "content_block_start", index: 0, content_block: { type: "tool_use", id: "t1", name: "Bash", input: {} } });
    expect(events[2].data).toEqual({ type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: '{"command":"sleep 3"}' } });
    expect((events[4].data as { delta: { stop_reason: string } }).delta.stop_reason).toBe("tool_use");
  });

  test("the non-streaming answer carries the same blocks", () => {
    expect(messageJson("m", [{ type: "text", text: "ok" }])).toMatchObject({ type: "message", role: "assistant", content: [{ type: "text", text: "ok" }], stop_reason: "end_turn" });
  });

  const bash = [{ name: "Bash" }, { name: "mcp__a__b" }];
  test.each([
    ["the main loop's first request", { tools: bash, messages: [{ role: "user", content: "say ok" }] }, true],
    ["the main loop after the tool result", { tools: bash, messages: [{ role: "user", content: [{ type: "tool_result", tool_use_id: "x" }] }] }, false],
    ["a side query without tools", { messages: [{ role: "user", content: "title?" }] }, false],
    ["a side query with other tools", { tools: [{ name: "Read" }], messages: [] }, false],
    ["no body", null, false],
  ])("%s: first main-loop request = %s", (_name, body, expected) => {
    expect(isFirstMainLoopRequest(body)).toBe(expected);
  });

  test("the first main-loop request is answered with a Bash call of the wait command, any other with text", () => {
    expect(answerFor({ tools: bash, messages: [] }, "sleep 3")).toEqual([
      { type: "tool_use", id: "toolu_fake_wait", name: "Bash", input: { command: "sleep 3", description: "Wait for MCP servers" } },
    ]);
    expect(answerFor({ messages: [] }, "sleep 3")).toEqual([{ type: "text", text: "ok" }]);
  });

  test("deferred mode waits twice: a second wait after the first result, then text", () => {
    const wait = (id: string) => ({ role: "user", content: [{ type: "tool_result", tool_use_id: id }] });
    const afterOne = { tools: bash, messages: [{ role: "user", content: "say ok" }, wait(WAIT_TOOL_USE_ID)] };
    expect(waitsDone(afterOne)).toBe(1);
    expect(answerFor(afterOne, "sleep 6", false, 2)).toEqual([
      { type: "tool_use", id: `${WAIT_TOOL_USE_ID}_1`, name: "Bash", input: { command: "sleep 6", description: "Wait for MCP servers" } },
    ]);
    const afterTwo = { ...afterOne, messages: [...afterOne.messages, wait(`${WAIT_TOOL_USE_ID}_1`)] };
    expect(waitsDone(afterTwo)).toBe(2);
    expect(answerFor(afterTwo, "sleep 6", false, 2)).toEqual([{ type: "text", text: "ok" }]);
    expect(answerFor(afterOne, "sleep 6", false, 1)).toEqual([{ type: "text", text: "ok" }]);
  });

  test("with callTools, the request after the wait gets one call of every MCP tool it offers, in order", () => {
    const afterWait = { tools: [...bash, { name: "mcp__a__c" }], messages: [{ role: "user", content: [{ type: "tool_result", tool_use_id: WAIT_TOOL_USE_ID }] }] };
    expect(answerFor(afterWait, "sleep 3", true)).toEqual([
      { type: "tool_use", id: callId(0), name: "mcp__a__b", input: {} },
      { type: "tool_use", id: callId(1), name: "mcp__a__c", input: {} },
    ]);
    expect(answerFor(afterWait, "sleep 3", false)).toEqual([{ type: "text", text: "ok" }]);
    const afterCalls = { ...afterWait, messages: [{ role: "user", content: [{ type: "tool_result", tool_use_id: callId(0) }] }] };
    expect(answerFor(afterCalls, "sleep 3", true)).toEqual([{ type: "text", text: "ok" }]);
  });
});

describe("fake OpenAI Responses API", () => {
  test("a text answer: created, item added, text delta, item done, completed with usage", () => {
    const events = parseSse(responseStream("ok"));
    expect(events.map((e) => e.event)).toEqual([
      "response.created",
      "response.output_item.added",
      "response.output_text.delta",
      "response.output_item.done",
      "response.completed",
    ]);
    expect(events[3].data).toMatchObject({ item: { type: "message", role: "assistant", content: [{ type: "output_text", text: "ok" }] } });
    expect(events[4].data).toMatchObject({ response: { status: "completed", usage: { total_tokens: 2 } } });
  });

  test("a function call carries its arguments as a JSON string", () => {
    const events = parseSse(functionCallStream("exec_command", { cmd: "sleep 3" }));
    expect(events[2].data).toMatchObject({ item: { type: "function_call", name: "exec_command", call_id: "call_fake_wait", arguments: '{"cmd":"sleep 3"}' } });
    expect(events.at(-1)?.event).toBe("response.completed");
  });

  test.each([
    ["a first request", { input: [{ type: "message", role: "user" }] }, false],
    ["a request after the call", { input: [{ type: "function_call" }, { type: "function_call_output", call_id: "c" }] }, true],
    ["no input", {}, false],
  ])("%s: has a function output = %s", (_name, body, expected) => {
    expect(hasFunctionOutput(body)).toBe(expected);
  });
});

describe("fake Responses API turns", () => {
  const tools = [
    { type: "function", name: "exec_command" },
    { type: "namespace", name: "multi_agent_v1", tools: [{ name: "spawn" }] },
    { type: "namespace", name: "mcp__fs", tools: [{ type: "function", name: "read" }, { type: "function", name: "write" }] },
  ];
  const first = { tools, input: [{ type: "message", role: "user" }] };
  const afterWait = { tools, input: [{ type: "function_call", call_id: "call_fake_wait" }, { type: "function_call_output", call_id: "call_fake_wait" }] };

  test("offeredMcpTools lists the functions of the mcp__ namespaces only, in order", () => {
    expect(offeredMcpTools(first)).toEqual([
      { namespace: "mcp__fs", name: "read" },
      { namespace: "mcp__fs", name: "write" },
    ]);
  });

  test("the first request gets the wait, the next one the calls (callTools) or text, later ones text", () => {
    expect(parseSse(responsesAnswer(first, "sleep 6", true))[2].data).toMatchObject({ item: { name: "exec_command", arguments: '{"cmd":"sleep 6","login":false}' } });
    const calls = parseSse(responsesAnswer(afterWait, "sleep 6", true)).filter((e) => e.event === "response.output_item.done");
    expect(calls.map((e) => (e.data as { item: unknown }).item)).toEqual([
      { type: "function_call", id: "fc_fake_0", call_id: codexCallId(0), namespace: "mcp__fs", name: "read", arguments: "{}", status: "completed" },
      { type: "function_call", id: "fc_fake_1", call_id: codexCallId(1), namespace: "mcp__fs", name: "write", arguments: "{}", status: "completed" },
    ]);
    expect(parseSse(responsesAnswer(afterWait, "sleep 6", false))[3].data).toMatchObject({ item: { type: "message" } });
    const afterCalls = { tools, input: [...afterWait.input, { type: "function_call_output", call_id: codexCallId(0) }] };
    expect(parseSse(responsesAnswer(afterCalls, "sleep 6", true))[3].data).toMatchObject({ item: { type: "message" } });
  });
});
