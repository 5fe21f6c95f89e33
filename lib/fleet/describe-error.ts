/**
 * Connection and request failures in words: a hang is "timed out after N ms", a closed connection or a protocol error says what happened, never a stack.
 */
import "server-only";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";

/** The tail of a sentence: "timed out after 3000 ms", "failed: <reason>". */
export function describeRequestError(error: unknown, timeoutMs: number): string {
  if (isTimeout(error)) return `timed out after ${timeoutMs} ms`;
  if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) return "failed: the connection closed";
  return `failed: ${messageOf(error)}`;
}

export function isTimeout(error: unknown): boolean {
  return error instanceof McpError && error.code === ErrorCode.RequestTimeout;
}

export function isConnectionClosed(error: unknown): boolean {
  return error instanceof McpError && error.code === ErrorCode.ConnectionClosed;
}

/** One line: the message without the SDK's "MCP error -32603:" prefix noise kept only when it helps. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    const base = error.message || error.name;
    const withCause = cause instanceof Error && cause.message && !base.includes(cause.message) ? `${base} (${cause.message})` : base;
    return oneLine(withCause);
  }
  return oneLine(String(error));
}

export function oneLine(text: string, max = 500): string {
  const flat = text.replace(/\s*\n\s*/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
