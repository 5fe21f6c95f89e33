/**
 * A fake Anthropic Messages API for Claude Code (docs/clients.md "The capture method"): the main
 * loop's first request is answered with a `Bash` tool_use running WAIT_COMMAND, so that slow MCP servers
 * finish connecting; every later request gets a short text answer, and the next request carries the
 * complete `tools` array.
 */
import { sendJson, sendSse, startLoggingServer, WAIT_COMMAND, type FakeApi, type LoggedRequest } from "./http-log";
import { sseEvent } from "./sse";

export type AssistantBlock = { type: "text"; text: string } | { type: "tool_use"; id: string; name: string; input: unknown };

const USAGE = { input_tokens: 1, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };

/** The stream of one assistant message, as the Messages API sends it with `stream: true`. */
export function messageStream(model: string, blocks: AssistantBlock[]): string {
  const stopReason = blocks.some((block) => block.type === "tool_use") ? "tool_use" : "end_turn";
  const events = [
    sseEvent("message_start", {
      type: "message_start",
      message: { id: "msg_fake", type: "message", role: "assistant", model, content: [], stop_reason: null, stop_sequence: null, usage: USAGE },
    }),
  ];
  blocks.forEach((block, index) => {
    if (block.type === "text") {
      events.push(sseEvent("content_block_start", { type: "content_block_start", index, content_block: { type: "text", text: "" } }));
      events.push(sseEvent("content_block_delta", { type: "content_block_delta", index, delta: { type: "text_delta", text: block.text } }));
    } else {
      events.push(
        sseEvent("content_block_start", { type: "content_block_start", index, content_block: { type: "tool_use", id: block.id, name: block.name, input: {} } }),
      );
      events.push(
        sseEvent("content_block_delta", { type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: JSON.stringify(block.input) } }),
      );
    }
    events.push(sseEvent("content_block_stop", { type: "content_block_stop", index }));
  });
  events.push(sseEvent("message_delta", { type: "message_delta", delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 1 } }));
  events.push(sseEvent("message_stop", { type: "message_stop" }));
  return events.join("");
}

/** The same message as a non-streaming JSON answer. */
export function messageJson(model: string, blocks: AssistantBlock[]): unknown {
  const stopReason = blocks.some((block) => block.type === "tool_use") ? "tool_use" : "end_turn";
  return { id: "msg_fake", type: "message", role: "assistant", model, content: blocks, stop_reason: stopReason, stop_sequence: null, usage: USAGE };
}

interface MessagesBody {
  model?: string;
  stream?: boolean;
  tools?: { name?: string }[];
  messages?: { role?: string; content?: unknown }[];
}

function offersBash(request: MessagesBody | null): request is MessagesBody {
  return !!request && Array.isArray(request.tools) && request.tools.some((tool) => tool?.name === "Bash");
}

/** Whether a request is the main loop's (it offers Bash) and has not yet seen a tool result. */
export function isFirstMainLoopRequest(body: unknown): boolean {
  const request = body as MessagesBody | null;
  if (!offersBash(request)) return false;
  const hasToolResult = (request.messages ?? []).some(
    (message) => Array.isArray(message.content) && message.content.some((part) => (part as { type?: string })?.type === "tool_result"),
  );
  return !hasToolResult;
}

/** How many of the fake's wait calls a request already holds the results of. */
export function waitsDone(body: unknown): number {
  const messages = (body as MessagesBody | null)?.messages ?? [];
  let done = 0;
  for (const message of messages) {
    if (!Array.isArray(message.content)) continue;
    for (const part of message.content) {
      const block = part as { type?: string; tool_use_id?: string };
      if (block?.type === "tool_result" && typeof block.tool_use_id === "string" && block.tool_use_id.startsWith(WAIT_TOOL_USE_ID)) done++;
    }
  }
  return done;
}

/** The ids of the tool results in a request's last message. */
function lastToolResultIds(body: unknown): string[] {
  const last = (body as MessagesBody | null)?.messages?.at(-1);
  if (!last || !Array.isArray(last.content)) return [];
  return last.content.flatMap((part) => {
    const block = part as { type?: string; tool_use_id?: string };
    return block?.type === "tool_result" && typeof block.tool_use_id === "string" ? [block.tool_use_id] : [];
  });
}

/** The tool_use id of the fake's wait calls: `toolu_fake_wait`, then `toolu_fake_wait_1`, ... */
export const WAIT_TOOL_USE_ID = "toolu_fake_wait";
const waitId = (index: number) => (index === 0 ? WAIT_TOOL_USE_ID : `${WAIT_TOOL_USE_ID}_${index}`);
/** The tool_use id of the call of the i-th MCP tool (callTools mode). */
export const callId = (index: number) => `toolu_fake_call_${index}`;

/**
 * What the fake says to one Messages request: a main-loop request gets a wait until `waits` waits are
 * done (deferred mode announces late tools one turn later, so it takes two); with `callTools`, the request
 * after the last wait gets one call of every MCP tool it offers (so the next request's tool results say
 * which calls Claude Code let through); anything else gets "ok".
 */
export function answerFor(body: unknown, waitCommand: string, callTools = false, waits = 1): AssistantBlock[] {
  const done = waitsDone(body);
  if (offersBash(body as MessagesBody) && done < waits && (done > 0 || isFirstMainLoopRequest(body))) {
    return [{ type: "tool_use", id: waitId(done), name: "Bash", input: { command: waitCommand, description: "Wait for MCP servers" } }];
  }
  if (callTools && lastToolResultIds(body).includes(waitId(waits - 1))) {
    const names = ((body as MessagesBody).tools ?? []).map((tool) => tool?.name ?? "").filter((name) => name.startsWith("mcp__"));
    if (names.length > 0) return names.map((name, index) => ({ type: "tool_use", id: callId(index), name, input: {} }));
  }
  return [{ type: "text", text: "ok" }];
}

/** Starts the fake on 127.0.0.1; `waitCommand` is what the first Bash call runs (default WAIT_COMMAND). */
export function startFakeAnthropic(waitCommand = WAIT_COMMAND, callTools = false, waits = 1): Promise<FakeApi> {
  return startLoggingServer((request: LoggedRequest, res) => {
    const path = request.path.split("?")[0];
    if (request.method === "POST" && path === "/v1/messages/count_tokens") return sendJson(res, 200, { input_tokens: 1 });
    if (request.method === "POST" && path === "/v1/messages") {
      const body = request.body as MessagesBody;
      const model = typeof body?.model === "string" ? body.model : "claude-fake";
      const blocks = answerFor(body, waitCommand, callTools, waits);
      return body?.stream ? sendSse(res, messageStream(model, blocks)) : sendJson(res, 200, messageJson(model, blocks));
    }
    sendJson(res, 404, { type: "error", error: { type: "not_found_error", message: `fake API: no ${request.method} ${path}` } });
  });
}
