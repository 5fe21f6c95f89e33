/**
 * What Anthropic's count_tokens is asked to count for a Claude view (docs/cost.md): the wire tools as
 * Claude Code sends them, and for Claude Code the deferred announcement of every tool it would not load
 * up front (all but the `alwaysLoad` ones), in wire order. The dashboard's count and `mcp-fleet cost
 * --count-with-api` ask the same thing, so they agree with the cost report that folds the answer in.
 */
import { deferredAnnouncement, isAlwaysLoad, type ClaudeWireTool, type ClientView } from "@/lib/clients";
import type { ServerToolList } from "@/lib/reconcile/types";

export interface ClaudeCountRequest {
  tools: ClaudeWireTool[];
  /** Claude Code's deferred announcement; null for the Agent SDK host, or when every tool is always loaded. */
  announcement: string | null;
}

export function claudeCountRequest(view: ClientView, toolLists: readonly ServerToolList[]): ClaudeCountRequest {
  const tools = view.wire as ClaudeWireTool[];
  if (view.client.id !== "claude-code") return { tools, announcement: null };
  const raw = new Map(toolLists.map((s) => [s.id, Array.isArray(s.tools) ? s.tools : []]));
  const alwaysLoad = new Set(view.tools.filter((v) => v.sent && isAlwaysLoad(raw.get(v.serverId)?.[v.position - 1])).map((v) => v.sent!.name));
  const announced = tools.map((t) => t.name).filter((name) => !alwaysLoad.has(name));
  return { tools, announcement: announced.length > 0 ? deferredAnnouncement(announced) : null };
}
