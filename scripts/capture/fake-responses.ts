/**
 * A fake OpenAI Responses API for Codex (docs/clients.md "The capture method"). Codex does not wait
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

/** The stream of one completed response holding a call of each given namespaced MCP tool (ids `call_fake_<i>`). */
export function namespacedCallsStream(calls: { namespace: string; name: string }[]): string {
  const items = calls.map((call, index) => ({
    type: "function_call",
    id: `fc_fake_${index}`,
    call_id: codexCallId(index),
    namespace: call.namespace,
    name: call.name,
    arguments: "{}",
    status: "completed",
  }));
  return [
    sseEvent("response.created", { type: "response.created", response: { id: "resp_fake_calls", object: "response", status: "in_progress", output: [] } }),
    ...items.map((item, index) => sseEvent("response.output_item.done", { type: "response.output_item.done", output_index: index, item })),
    sseEvent("response.completed", { type: "response.completed", response: { id: "resp_fake_calls", object: "response", status: "completed", output: items, usage: USAGE } }),
  ].join("");
}

/** The call id of the i-th MCP tool call (callTools mode). */
export const codexCallId = (index: number) => `call_fake_${index}`;

/** Every MCP tool a Responses request offers, as namespace and function name, in the order sent. */
export function offeredMcpTools(body: unknown): { namespace: string; name: string }[] {
  const tools = (body as { tools?: unknown } | null)?.tools;
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((entry) => {
    const ns = entry as { type?: string; name?: string; tools?: { name?: string }[] };
    if (ns?.type !== "namespace" || typeof ns.name !== "string" || !ns.name.startsWith("mcp__")) return [];
    return (ns.tools ?? []).flatMap((tool) => (typeof tool?.name === "string" ? [{ namespace: ns.name as string, name: tool.name }] : []));
  });
}

/** Whether a Responses request already holds the output of a tool call (so this is not the first turn step). */
export function hasFunctionOutput(body: unknown): boolean {
  const input = (body as { input?: unknown } | null)?.input;
  return Array.isArray(input) && input.some((item) => (item as { type?: string })?.type === "function_call_output");
}

/** Starts the fake on 127.0.0.1. Codex's base URL for it is `<url>/v1`. */
/**
 * What the fake answers to one Responses request: the wait first; with `callTools`, the request after
 * the wait gets one call of every MCP tool it offers (so the next request's outputs say which calls
 * Codex let through); anything else gets "ok".
 */
export function responsesAnswer(body: unknown, waitCommand: string, callTools: boolean): string {
  if (!hasFunctionOutput(body)) return functionCallStream("exec_command", { cmd: waitCommand, login: false });
  const input = (body as { input?: { type?: string; call_id?: string }[] }).input ?? [];
  const lastOutput = [...input].reverse().find((item) => item?.type === "function_call_output");
  if (callTools && lastOutput?.call_id === "call_fake_wait") {
    const calls = offeredMcpTools(body);
    if (calls.length > 0) return namespacedCallsStream(calls);
  }
  return responseStream("ok");
}

export function startFakeResponses(waitCommand = WAIT_COMMAND, callTools = false): Promise<FakeApi> {
  return startLoggingServer((request: LoggedRequest, res) => {
    const path = request.path.split("?")[0];
    if (request.method === "POST" && path === "/v1/responses") return sendSse(res, responsesAnswer(request.body, waitCommand, callTools));
    if (request.method === "GET" && path === "/v1/models") return sendJson(res, 200, { object: "list", data: [], models: [] });
    sendJson(res, 404, { error: { type: "not_found", message: `fake API: no ${request.method} ${path}` } });
  });
}
