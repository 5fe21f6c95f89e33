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

/**
 * Built-in tools whose presence depends on timing, left out of the recorded names so that a re-capture
 * gives the same bytes: Claude Code offers WaitForMcpServers only while a configured server is still
 * connecting (docs/clients.md).
 */
export const TIMING_DEPENDENT_TOOLS: readonly string[] = ["WaitForMcpServers"];

/** Claude Code (Anthropic Messages): MCP tools are the entries whose name starts with `mcp__`. */
export function extractClaudeCodeTools(body: unknown): ExtractedTools {
  const tools = toolsOf(body).filter((tool) => !TIMING_DEPENDENT_TOOLS.includes(nameOf(tool)));
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
 * Claude Code's deferred mode: every text block of the request that announces deferred tools or servers
 * still connecting, as lines, in request order. Only the announcement itself is kept: a block that goes
 * on with other sections (agents, skills, the date) is cut at the first blank line after the lists.
 */
export function deferredAnnouncements(body: unknown): string[][] {
  const request = (body ?? {}) as Json;
  const texts: string[] = [];
  const collect = (content: unknown) => {
    if (typeof content === "string") texts.push(content);
    else if (Array.isArray(content)) for (const part of content) if (typeof (part as Json)?.text === "string") texts.push((part as Json).text as string);
  };
  collect(request.system);
  for (const message of (request.messages ?? []) as Json[]) collect(message?.content);
  const headings = ["The following deferred tools", "The following MCP servers are still connecting"];
  const blocks: string[][] = [];
  for (const text of texts) {
    const starts = headings.map((heading) => text.indexOf(heading)).filter((at) => at >= 0);
    if (starts.length === 0) continue;
    const lines = text.slice(Math.min(...starts)).split("\n");
    const kept: string[] = [];
    let inList = true;
    for (const line of lines) {
      if (line === "") {
        inList = false;
        continue;
      }
      if (!inList && !headings.some((heading) => line.startsWith(heading)) && !line.startsWith("If the user's request might be served")) break;
      if (!inList) kept.push("");
      inList = true;
      kept.push(line);
    }
    blocks.push(kept);
  }
  return blocks;
}

export interface CallOutcome {
  /** Whether the server ran the call (its echo came back) or Claude Code refused it before. */
  ran: boolean;
  /** The tool result text, as the model would read it. */
  text: string;
}

/**
 * Claude Code's decision on each MCP tool the fake called (callTools mode): the tool results carried by
 * `resultsBody`, matched to the names in the order they were called (`calledNames[i]` has id `idOf(i)`).
 */
export function toolCallOutcomes(calledNames: string[], resultsBody: unknown, idOf: (index: number) => string): Record<string, CallOutcome> {
  const messages = ((resultsBody ?? {}) as Json).messages;
  const results = new Map<string, { text: string; isError: boolean }>();
  for (const message of Array.isArray(messages) ? (messages as Json[]) : []) {
    if (!Array.isArray(message.content)) continue;
    for (const part of message.content as Json[]) {
      if (part?.type !== "tool_result" || typeof part.tool_use_id !== "string") continue;
      const content = part.content;
      const text =
        typeof content === "string"
          ? content
          : Array.isArray(content)
            ? (content as Json[]).map((block) => (typeof block?.text === "string" ? block.text : "")).join("")
            : "";
      results.set(part.tool_use_id, { text, isError: part.is_error === true });
    }
  }
  const outcomes: Record<string, CallOutcome> = {};
  calledNames.forEach((name, index) => {
    const result = results.get(idOf(index));
    outcomes[name] = result ? { ran: !result.isError && result.text.includes(" called with "), text: result.text } : { ran: false, text: "<no tool result>" };
  });
  return outcomes;
}

/**
 * Codex's decision on each MCP tool the fake called (callTools mode): the `function_call_output` items of
 * `resultsBody`, matched to the calls by id. A call ran when the server's echo came back.
 */
export function codexCallOutcomes(calls: { namespace: string; name: string }[], resultsBody: unknown, idOf: (index: number) => string): Record<string, CallOutcome> {
  const input = ((resultsBody ?? {}) as Json).input;
  const outputs = new Map<string, string>();
  for (const item of Array.isArray(input) ? (input as Json[]) : []) {
    if (item?.type !== "function_call_output" || typeof item.call_id !== "string") continue;
    const output = item.output;
    const text = typeof output === "string" ? output : Array.isArray(output) ? (output as Json[]).map((part) => (typeof part?.text === "string" ? part.text : "")).join("\n") : "";
    outputs.set(item.call_id, text);
  }
  const outcomes: Record<string, CallOutcome> = {};
  calls.forEach((call, index) => {
    // Codex prefixes every output with its wall time, which differs per run.
    const text = (outputs.get(idOf(index)) ?? "<no output>").replace(/^Wall time: [\d.]+ seconds\nOutput:\n?/, "");
    outcomes[`${call.namespace}/${call.name}`] = { ran: text.includes(" called with "), text };
  });
  return outcomes;
}
