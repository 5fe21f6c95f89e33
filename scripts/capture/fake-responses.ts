/**
 * A fake OpenAI Responses API for Codex (reference/real-clients.md, "How to capture"): every
 * `POST /v1/responses` is answered with a stream holding one assistant message, "ok". Codex lists its
 * MCP tools before the first request, so one answer is enough.
 */
import { sendJson, sendSse, startLoggingServer, type FakeApi, type LoggedRequest } from "./http-log";
import { sseEvent } from "./sse";

/** The stream of one completed response holding a single assistant text message. */
export function responseStream(text: string): string {
  const message = { type: "message", id: "msg_fake", role: "assistant", status: "completed", content: [{ type: "output_text", text, annotations: [] }] };
  const usage = { input_tokens: 1, input_tokens_details: { cached_tokens: 0 }, output_tokens: 1, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 2 };
  return [
    sseEvent("response.created", { type: "response.created", response: { id: "resp_fake", object: "response", status: "in_progress", output: [] } }),
    sseEvent("response.output_item.added", { type: "response.output_item.added", output_index: 0, item: { ...message, status: "in_progress", content: [] } }),
    sseEvent("response.output_text.delta", { type: "response.output_text.delta", item_id: "msg_fake", output_index: 0, content_index: 0, delta: text }),
    sseEvent("response.output_item.done", { type: "response.output_item.done", output_index: 0, item: message }),
    sseEvent("response.completed", {
      type: "response.completed",
      response: { id: "resp_fake", object: "response", status: "completed", output: [message], usage },
    }),
  ].join("");
}

/** Starts the fake on 127.0.0.1. Codex's base URL for it is `<url>/v1`. */
export function startFakeResponses(): Promise<FakeApi> {
  return startLoggingServer((request: LoggedRequest, res) => {
    const path = request.path.split("?")[0];
    if (request.method === "POST" && path === "/v1/responses") return sendSse(res, responseStream("ok"));
    if (request.method === "GET" && path === "/v1/models") return sendJson(res, 200, { object: "list", data: [], models: [] });
    sendJson(res, 404, { error: { type: "not_found", message: `fake API: no ${request.method} ${path}` } });
  });
}
