/**
 * The three JSONs of a call in each side's own format (docs/calls.md): the model's call as its client's API
 * carries it (Claude API `tool_use` for Claude Code and an Agent SDK host; a Responses API
 * `function_call` with its namespace for Codex: docs/clients.md "Approval modes"), the host's
 * `tools/call`, and the error the host answers the model with when it does not call the tool.
 */
import type { ClientId } from "@/lib/clients/types";
import type { CallTarget, ModelToolCall, ModelToolError, ToolCall, ToolsCallParams, ToolsCallRequest } from "./types";

/** Codex's namespace and function of a call: given apart, or split after `mcp__<namespace>` (`mcp__fs__files_read`). */
export function codexParts(call: Pick<ToolCall, "name" | "namespace">): { namespace?: string; name: string } {
  if (call.namespace !== undefined) return { namespace: call.namespace, name: call.name };
  const match = /^(mcp__.+?)__(.+)$/.exec(call.name);
  return match ? { namespace: match[1], name: match[2] } : { name: call.name };
}

/** The name a call is looked up by in a view (`byCallName`): Codex's `<namespace>__<function>`, else the name. */
export function lookupName(call: Pick<ToolCall, "name" | "namespace">): string {
  return call.namespace !== undefined ? `${call.namespace}__${call.name}` : call.name;
}

/** What the model sends, under the client's name. */
export function modelToolCall(client: ClientId, call: ToolCall, sent?: { name: string; namespace?: string }): ModelToolCall {
  if (client === "codex") {
    const parts = sent ?? codexParts(call);
    return {
      type: "function_call",
      call_id: call.id,
      ...(parts.namespace !== undefined ? { namespace: parts.namespace } : {}),
      name: parts.name,
      arguments: JSON.stringify(call.arguments ?? {}),
    };
  }
  return { type: "tool_use", id: call.id, name: lookupName(call), input: call.arguments };
}

/** The host's answer to the model when the tool is not called, or its call failed: an error the model can recover from. */
export function modelToolError(client: ClientId, callId: string, message: string): ModelToolError {
  if (client === "codex") return { type: "function_call_output", call_id: callId, output: message };
  return { type: "tool_result", tool_use_id: callId, is_error: true, content: [{ type: "text", text: message }] };
}

/** The `tools/call` params for a resolved call: the original name, the arguments exactly as the model gave them. */
export function toolsCallParams(target: CallTarget, args: unknown): ToolsCallParams {
  return { name: target.originalName, arguments: args };
}

/** The JSON-RPC request, once the host knows the id it sent it under. */
export function toolsCallRequest(id: number | string, params: ToolsCallParams): ToolsCallRequest {
  return { jsonrpc: "2.0", id, method: "tools/call", params };
}
