/**
 * One `tools/call` on a live connection, its every ending put into a value: the server's result, its
 * JSON-RPC error, a timeout or a cancellation (both send `notifications/cancelled` to the server through
 * the SDK's AbortSignal, as the MCP spec's cancellation utility describes), or a server that died
 * before answering. The request id the SDK gave the call is read off the wire, so the page can show the
 * request exactly as it was sent.
 */
import "server-only";
import { performance } from "node:perf_hooks";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport as SdkTransport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { messageOf } from "./describe-error";

/** The `notifications/cancelled` a timeout or a cancel sent to the server. */
export interface CancelledNotification {
  jsonrpc: "2.0";
  method: "notifications/cancelled";
  params: { requestId: number | string; reason: string };
}

export type ToolCallOutcome =
  /** The server answered with a result (which may carry `isError: true`: the tool's own failure). */
  | { kind: "result"; requestId: number | string; result: unknown; ms: number }
  /** The server answered with a JSON-RPC error. */
  | { kind: "error"; requestId: number | string; error: { code: number; message: string; data?: unknown }; ms: number }
  /** No answer in time: the call was cancelled on the server. */
  | { kind: "timeout"; requestId: number | string; ms: number; timeoutMs: number; cancellation: CancelledNotification }
  /** Cancelled before an answer came (the user): the server was told. */
  | { kind: "cancelled"; requestId: number | string; ms: number; cancellation: CancelledNotification }
  /** The connection closed before an answer came (the server died): why, in words. */
  | { kind: "closed"; requestId: number | string | null; ms: number; message: string }
  /** Nothing was sent: the server is not connected (or the request could not be written). */
  | { kind: "unavailable"; message: string };

export interface CallToolOptions {
  /** No answer after this long: the call is cancelled. */
  timeoutMs: number;
  /** Aborting it cancels the call (the reason, a string, is what the server is told). */
  signal?: AbortSignal;
  /** Called once the request is on its way, with the id it went under. */
  onSent?: (requestId: number | string) => void;
}

/** Request ids of `tools/call` requests as they leave, keyed by their params object. */
export type SentCallIds = WeakMap<object, number | string>;

/** Watches a transport's outgoing messages for `tools/call` requests (call once, before connecting). */
export function watchOutgoingCalls(transport: SdkTransport): SentCallIds {
  const ids: SentCallIds = new WeakMap();
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    const m = message as { method?: unknown; id?: unknown; params?: unknown };
    if (m.method === "tools/call" && typeof m.params === "object" && m.params !== null && (typeof m.id === "number" || typeof m.id === "string")) ids.set(m.params, m.id);
    return send(message, options);
  };
  return ids;
}

/** Any JSON the server answers with is taken as it is: the dispatcher reads it leniently (lib/dispatch). */
const AnyResult = z.unknown();

/** Room left for our own timer to fire before the SDK's (which would cancel with its own words). */
const SDK_TIMEOUT_SLACK_MS = 60_000;

export async function callToolOn(
  parts: { client: Client; sentIds: SentCallIds; closedWords: () => Promise<string> },
  name: string,
  args: unknown,
  opts: CallToolOptions,
): Promise<ToolCallOutcome> {
  const params = { name, arguments: args };
  const abort = new AbortController();
  let why: "timeout" | "cancelled" | undefined;
  let reason = "";
  const stop = (kind: "timeout" | "cancelled", words: string) => {
    if (abort.signal.aborted) return;
    why = kind;
    reason = words;
    abort.abort(words);
  };
  const timer = setTimeout(() => stop("timeout", `timed out after ${opts.timeoutMs} ms`), opts.timeoutMs);
  const onCancel = () => stop("cancelled", typeof opts.signal?.reason === "string" ? opts.signal.reason : "cancelled by the user");
  if (opts.signal?.aborted) onCancel();
  else opts.signal?.addEventListener("abort", onCancel, { once: true });
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const idOf = () => parts.sentIds.get(params) ?? null;
  try {
    // The params object is sent as is (no progress token), so its id is found by identity on the wire.
    const pending = parts.client.request({ method: "tools/call", params }, AnyResult, {
      signal: abort.signal,
      timeout: opts.timeoutMs + SDK_TIMEOUT_SLACK_MS,
    });
    // The SDK writes the request before request() returns: its id is known now.
    const sentAs = idOf();
    if (sentAs !== null) opts.onSent?.(sentAs);
    const result = await pending;
    return { kind: "result", requestId: idOf() ?? "?", result, ms: ms() };
  } catch (error) {
    const requestId = idOf();
    if (why !== undefined && requestId !== null) {
      const cancellation: CancelledNotification = { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId, reason } };
      return why === "timeout" ? { kind: "timeout", requestId, ms: ms(), timeoutMs: opts.timeoutMs, cancellation } : { kind: "cancelled", requestId, ms: ms(), cancellation };
    }
    if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) {
      return { kind: "closed", requestId, ms: ms(), message: await parts.closedWords() };
    }
    if (requestId === null) return { kind: "unavailable", message: why ? reason : `the request could not be sent: ${messageOf(error)}` };
    if (error instanceof McpError) {
      const data = (error as { data?: unknown }).data;
      return { kind: "error", requestId, error: { code: error.code, message: stripPrefix(error.message, error.code), ...(data !== undefined ? { data } : {}) }, ms: ms() };
    }
    // A result the SDK could not even read as JSON-RPC, or a transport failure after sending.
    return { kind: "error", requestId, error: { code: ErrorCode.InternalError, message: messageOf(error) }, ms: ms() };
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener("abort", onCancel);
  }
}

/** The server's own words: the SDK's McpError adds "MCP error <code>: " to what came over the wire. */
function stripPrefix(message: string, code: number): string {
  const prefix = `MCP error ${code}: `;
  return message.startsWith(prefix) ? message.slice(prefix.length) : message;
}
