/**
 * A fake OpenAI Responses API for Codex (reference/real-clients.md, "How to capture"). Codex does not wait
 * for every MCP server before its first request (a slow server is simply missing from it), so the first
 * answer is an `exec_command` call of WAIT_COMMAND, and the request after it carries the complete tools;
 * every later request gets the text "ok".
 */
import { sendJson, sendSse, startLoggingServer, WAIT_COMMAND, type FakeApi, type LoggedRequest } from "./http-log";
import { sseEvent } from "./sse";

const USAGE = { input_tokens: 1, input_tokens_details: { cached_tokens: 0 }, output_tokens: 1, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 2 };

/** The stream of one completed response holding a single assistant text message. */
export function responseStream(text: string): string {
  const message = { type: "message", id: "msg_fake", role: "assistant", status: "completed", content: [{ type: "output_text", text, annotations: [] }] };
  return [
    sseEvent("response.created", { type: "response.created", response: { id: "resp_fake", object: "response", status: "in_progress", output: [] } }),
    sseEvent("response.output_item.added", { type: "response.output_item.added", output_index: 0, item: { ...message, status: "in_progress", content: [] } }),
    sseEvent("response.output_text.delta", { type: "response.output_text.delta", item_id: "msg_fake", output_index: 0, content_index: 0, delta: text }),
    sseEvent("response.output_item.done", { type: "response.output_item.done", output_index: 0, item: message }),
    sseEvent("response.completed", {
      type: "response.completed",
      response: { id: "resp_fake", object: "response", status: "completed", output: [message], usage: USAGE },
    }),
  ].join("");
}

/** The stream of one completed response holding a single function call. */
export function functionCallStream(name: string, args: unknown): string {
  const call = { type: "function_call", id: "fc_fake", call_id: "call_fake_wait", name, arguments: JSON.stringify(args), status: "completed" };
  return [
    sseEvent("response.created", { type: "response.created", response: { id: "resp_fake_call", object: "response", status: "in_progress", output: [] } }),
    sseEvent("response.output_item.added", { type: "response.output_item.added", output_index: 0, item: { ...call, status: "in_progress", arguments: "" } }),
    sseEvent("response.output_item.done", { type: "response.output_item.done", output_index: 0, item: call }),
    sseEvent("response.completed", {
      type: "response.completed",
      response: { id: "resp_fake_call", object: "response", status: "completed", output: [call], usage: USAGE },
    }),
  ].join("");
}

/** Whether a Responses request already holds the output of a tool call (so this is not the first turn step). */
export function hasFunctionOutput(body: unknown): boolean {
  const input = (body as { input?: unknown } | null)?.input;
  return Array.isArray(input) && input.some((item) => (item as { type?: string })?.type === "function_call_output");
}

/** Starts the fake on 127.0.0.1. Codex's base URL for it is `<url>/v1`. */
export function startFakeResponses(waitCommand = WAIT_COMMAND): Promise<FakeApi> {
  return startLoggingServer((request: LoggedRequest, res) => {
    const path = request.path.split("?")[0];
    if (request.method === "POST" && path === "/v1/responses") {
      return sendSse(res, hasFunctionOutput(request.body) ? responseStream("ok") : functionCallStream("exec_command", { cmd: waitCommand, login: false }));
    }
    if (request.method === "GET" && path === "/v1/models") return sendJson(res, 200, { object: "list", data: [], models: [] });
    sendJson(res, 404, { error: { type: "not_found", message: `fake API: no ${request.method} ${path}` } });
  });
}
