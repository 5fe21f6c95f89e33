/**
 * A fake Anthropic Messages API for Claude Code (reference/real-clients.md, "How to capture"): the main
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

/** Whether a request is the main loop's (it offers Bash) and has not yet seen a tool result. */
export function isFirstMainLoopRequest(body: unknown): boolean {
  const request = body as MessagesBody | null;
  if (!request || !Array.isArray(request.tools) || !request.tools.some((tool) => tool?.name === "Bash")) return false;
  const hasToolResult = (request.messages ?? []).some(
    (message) => Array.isArray(message.content) && message.content.some((part) => (part as { type?: string })?.type === "tool_result"),
  );
  return !hasToolResult;
}

/** What the fake says to one Messages request. */
export function answerFor(body: unknown, waitCommand: string): AssistantBlock[] {
  if (isFirstMainLoopRequest(body)) {
    return [{ type: "tool_use", id: "toolu_fake_wait", name: "Bash", input: { command: waitCommand, description: "Wait for MCP servers" } }];
  }
  return [{ type: "text", text: "ok" }];
}

/** Starts the fake on 127.0.0.1; `waitCommand` is what the first Bash call runs (default WAIT_COMMAND). */
export function startFakeAnthropic(waitCommand = WAIT_COMMAND): Promise<FakeApi> {
  return startLoggingServer((request: LoggedRequest, res) => {
    const path = request.path.split("?")[0];
    if (request.method === "POST" && path === "/v1/messages/count_tokens") return sendJson(res, 200, { input_tokens: 1 });
    if (request.method === "POST" && path === "/v1/messages") {
      const body = request.body as MessagesBody;
      const model = typeof body?.model === "string" ? body.model : "claude-fake";
      const blocks = answerFor(body, waitCommand);
      return body?.stream ? sendSse(res, messageStream(model, blocks)) : sendJson(res, 200, messageJson(model, blocks));
    }
    sendJson(res, 404, { type: "error", error: { type: "not_found_error", message: `fake API: no ${request.method} ${path}` } });
  });
}
