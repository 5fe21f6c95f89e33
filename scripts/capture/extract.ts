/**
 * Picks out of a logged model request what a capture keeps: the MCP part of the `tools` array exactly as
 * sent (Claude Code: entries named `mcp__*`; Codex: the `mcp__<server>` namespaces), the names of every
 * tool in order, and, for Claude Code's deferred mode, the MCP tool names announced in the messages.
 */

type Json = Record<string, unknown>;

function toolsOf(body: unknown): Json[] {
  const tools = (body as { tools?: unknown } | null)?.tools;
  return Array.isArray(tools) ? (tools.filter((tool) => tool && typeof tool === "object") as Json[]) : [];
}

function nameOf(tool: Json): string {
  return typeof tool.name === "string" ? tool.name : `<${String(tool.type ?? "unnamed")}>`;
}

export interface ExtractedTools {
  /** The MCP entries exactly as sent, in the order sent. */
  mcp: Json[];
  /** The name of every entry of the `tools` array, in order (Codex namespaces by their namespace name). */
  toolNames: string[];
  /** The names of the entries that are not MCP tools. */
  otherToolNames: string[];
}

/** Claude Code (Anthropic Messages): MCP tools are the entries whose name starts with `mcp__`. */
export function extractClaudeCodeTools(body: unknown): ExtractedTools {
  const tools = toolsOf(body);
  const isMcp = (tool: Json) => nameOf(tool).startsWith("mcp__");
  return {
    mcp: tools.filter(isMcp),
    toolNames: tools.map(nameOf),
    otherToolNames: tools.filter((tool) => !isMcp(tool)).map(nameOf),
  };
}

/** Codex (Responses API): MCP tools come as one `namespace` entry per server, named `mcp__<server>`. */
export function extractCodexTools(body: unknown): ExtractedTools {
  const tools = toolsOf(body);
  const isMcp = (tool: Json) => tool.type === "namespace" && nameOf(tool).startsWith("mcp__");
  return {
    mcp: tools.filter(isMcp),
    toolNames: tools.map(nameOf),
    otherToolNames: tools.filter((tool) => !isMcp(tool)).map(nameOf),
  };
}

/** Every `mcp__...` name mentioned in the request's text outside the tools array (the system prompt and messages), in first-seen order. */
export function mcpNamesInText(body: unknown): string[] {
  const request = (body ?? {}) as Json;
  const text = JSON.stringify([request.system ?? null, request.messages ?? null]);
  const seen = new Set<string>();
  for (const match of text.matchAll(/mcp__[A-Za-z0-9_-]+/g)) seen.add(match[0]);
  return [...seen];
}

/** Whether a logged Claude Code request is a main-loop request (it offers Bash), as opposed to a side query. */
export function isMainLoop(body: unknown): boolean {
  return toolsOf(body).some((tool) => tool.name === "Bash");
}

/**
 * Claude Code's deferred mode: the lines of the text block that lists the deferred tools (and the servers
 * still connecting), from the "The following deferred tools" heading to the block's end.
 */
export function deferredAnnouncement(body: unknown): string[] {
  const request = (body ?? {}) as Json;
  const texts: string[] = [];
  const collect = (content: unknown) => {
    if (typeof content === "string") texts.push(content);
    else if (Array.isArray(content)) for (const part of content) if (typeof (part as Json)?.text === "string") texts.push((part as Json).text as string);
  };
  collect(request.system);
  for (const message of (request.messages ?? []) as Json[]) collect(message?.content);
  const heading = "The following deferred tools";
  const block = texts.find((text) => text.includes(heading));
  if (!block) return [];
  return block.slice(block.indexOf(heading)).replace(/\n+$/, "").split("\n");
}
