/**
 * The part of every generated `index.ts` that is the same in each bundle: the dispatcher (docs/bundle.md: an
 * unknown or failed call becomes a tool_result the model can recover from, never a throw that ends the
 * host's loop) and lazy MCP connections. Its wording matches MCP Fleet's own dispatcher (unknown names
 * listed closest first, as lib/permissions/close-names.ts orders them). It is text, emitted as is: the
 * user's project has only @anthropic-ai/sdk and @modelcontextprotocol/sdk, so it imports nothing else.
 * Written without template literals, so it sits in a String.raw unchanged (the one literal dollar-brace
 * is spelled with an interpolation of "$").
 */

/** The imports at the top of the file. */
export const RUNTIME_IMPORTS = String.raw`import type { ImageBlockParam, TextBlockParam, Tool, ToolResultBlockParam, ToolUseBlock } from "@anthropic-ai/sdk/resources/messages";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";`;

/** The dispatcher and the connections, after the data. */
export const RUNTIME = String.raw`// ---------------------------------------------------------------------------------------------
// The dispatcher. The same in every bundle; only the data above changes.

/** How the bundle starts a server; "${"$"}{VAR}" and "${"$"}{VAR:-default}" are read from process.env when it starts. */
export type ServerEntry =
  | { transport: "stdio"; command: string; args?: string[]; cwd?: string; env?: Record<string, string> }
  | { transport: "http" | "sse"; url: string; headers?: Record<string, string> };

/** A call as the host sends it to a server: the tool's original name, on the server that lists it. */
export interface ServerCall {
  server: string;
  name: string;
  arguments: Record<string, unknown>;
}

/** Thrown by a callTool that cannot reach the server: the model is told the server is not connected. */
export class ServerUnavailableError extends Error {}

export type ToolUse = Pick<ToolUseBlock, "id" | "name" | "input">;

/**
 * A dispatch over your own connections: callTool gets the server, the original name and the arguments,
 * and answers the MCP tools/call result. Every ending is a tool_result for the model; nothing throws.
 */
export function createDispatcher(options: { callTool: (call: ServerCall) => Promise<unknown> }): (toolUse: ToolUse) => Promise<ToolResultBlockParam> {
  return async function dispatch(toolUse: ToolUse): Promise<ToolResultBlockParam> {
    const refuse = (message: string): ToolResultBlockParam => ({ type: "tool_result", tool_use_id: toolUse.id, is_error: true, content: [{ type: "text", text: message }] });
    const name = toolUse.name;
    const target = own(forward, name);
    if (!target) return refuse(own(notSent, name) ?? unknownTool(name));
    const args = toolUse.input === undefined ? {} : toolUse.input;
    if (!isObject(args)) return refuse("The arguments of " + JSON.stringify(name) + " must be a JSON object, not " + kindOf(args) + ".");
    let result: unknown;
    try {
      result = await options.callTool({ server: target.serverId, name: target.originalName, arguments: args });
    } catch (error) {
      return refuse(failure(name, target.serverId, error));
    }
    return toToolResult(toolUse.id, result);
  };
}

/** Resolves a tool_use through forward and calls the server's tool by its original name over MCP. */
export const dispatch = createDispatcher({ callTool: callOverMcp });

const connections = new Map<string, Promise<Client>>();

/** Ends every server the bundle started. A later dispatch starts them again. */
export async function close(): Promise<void> {
  const open = Array.from(connections.values());
  connections.clear();
  await Promise.all(open.map((started) => started.then((client) => client.close(), () => undefined)));
}

async function callOverMcp(call: ServerCall): Promise<unknown> {
  const client = await connect(call.server);
  return client.callTool({ name: call.name, arguments: call.arguments });
}

/** One connection per server, made on its first call; a failed start is tried again on the next call. */
function connect(serverId: string): Promise<Client> {
  const existing = connections.get(serverId);
  if (existing) return existing;
  const started = start(serverId).catch((error: unknown) => {
    connections.delete(serverId);
    throw new ServerUnavailableError(error instanceof Error ? error.message : String(error));
  });
  connections.set(serverId, started);
  return started;
}

async function start(serverId: string): Promise<Client> {
  const entry = own(servers, serverId);
  if (!entry) throw new Error("this bundle has no entry for it");
  const missing: string[] = [];
  const expand = (text: string): string =>
    text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g, (whole: string, name: string, fallback: string | undefined) => {
      const value = process.env[name];
      if (fallback !== undefined) return value !== undefined && value !== "" ? value : fallback;
      if (value !== undefined) return value;
      missing.push(name);
      return whole;
    });
  const expandAll = (values: Record<string, string> = {}): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const key of Object.keys(values)) out[key] = expand(values[key] ?? "");
    return out;
  };
  let transport: StdioClientTransport | StreamableHTTPClientTransport | SSEClientTransport;
  if (entry.transport === "stdio") {
    const command = expand(entry.command);
    const args = (entry.args ?? []).map(expand);
    // As Claude Code starts a server: the host's whole environment, then the entry's env.
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
    Object.assign(env, expandAll(entry.env));
    const cwd = entry.cwd === undefined ? undefined : expand(entry.cwd);
    if (missing.length > 0) throw new Error("not set in the host's environment: " + missing.join(", "));
    transport = new StdioClientTransport(cwd === undefined ? { command, args, env } : { command, args, env, cwd });
  } else {
    const url = expand(entry.url);
    const headers = expandAll(entry.headers);
    if (missing.length > 0) throw new Error("not set in the host's environment: " + missing.join(", "));
    transport = entry.transport === "sse" ? new SSEClientTransport(new URL(url), { requestInit: { headers } }) : new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
  }
  const client = new Client({ name: "mcp-fleet-bundle", version: "1.0.0" });
  client.onclose = () => {
    connections.delete(serverId);
  };
  await client.connect(transport);
  return client;
}

/** The MCP result as the Claude API takes it: text and images as they are, any other block as its JSON. */
function toToolResult(id: string, result: unknown): ToolResultBlockParam {
  const r = isObject(result) ? result : {};
  const content: Array<TextBlockParam | ImageBlockParam> = (Array.isArray(r.content) ? r.content : []).map(toBlock);
  if (content.length === 0 && r.structuredContent !== undefined) content.push({ type: "text", text: JSON.stringify(r.structuredContent) });
  return r.isError === true ? { type: "tool_result", tool_use_id: id, is_error: true, content } : { type: "tool_result", tool_use_id: id, content };
}

const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;

function toBlock(block: unknown): TextBlockParam | ImageBlockParam {
  if (isObject(block) && block.type === "text" && typeof block.text === "string") return { type: "text", text: block.text };
  if (isObject(block) && block.type === "image" && typeof block.data === "string") {
    const mimeType = block.mimeType;
    const mediaType = IMAGE_TYPES.find((type) => type === mimeType);
    if (mediaType) return { type: "image", source: { type: "base64", media_type: mediaType, data: block.data } };
  }
  if (isObject(block) && block.type === "resource" && isObject(block.resource) && typeof block.resource.text === "string") return { type: "text", text: block.resource.text };
  return { type: "text", text: JSON.stringify(block) };
}

function failure(name: string, server: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ServerUnavailableError) return "Tool " + JSON.stringify(name) + " belongs to server " + server + ", which is not connected: " + message + ".";
  const code = isObject(error) ? error.code : undefined;
  if (code === ErrorCode.ConnectionClosed) return name + " failed: server " + server + " stopped before answering (" + message + ").";
  if (code === ErrorCode.RequestTimeout) return name + " timed out: server " + server + " did not answer (" + message + ").";
  if (typeof code === "number") return name + " failed: server " + server + " answered with error " + code + ": " + message + ".";
  return name + " failed on server " + server + ": " + message + ".";
}

function unknownTool(name: string): string {
  const all = Object.keys(forward).sort(byCodeUnits);
  if (all.length === 0) return "Unknown tool " + JSON.stringify(name) + ". Agent SDK host (MCP Fleet's reconciler) sends no tool at all.";
  const closest = closeNames(name, all);
  const names = closest.concat(all.filter((n) => closest.indexOf(n) < 0));
  const shown = names.slice(0, 50).join(", ") + (names.length > 50 ? ", \u2026 and " + (names.length - 50) + " more" : "");
  return "Unknown tool " + JSON.stringify(name) + ". Tools that exist" + (closest.length > 0 ? ", closest first" : "") + ": " + shown + ".";
}

/** Up to five names a misspelling may have meant: those containing it (or contained in it) first, then by edit distance. */
function closeNames(wanted: string, names: string[]): string[] {
  const w = wanted.toLowerCase();
  const budget = Math.max(2, Math.floor(w.length / 3));
  return names
    .map((name) => {
      const n = name.toLowerCase();
      return { name, score: n.startsWith(w) || w.startsWith(n) || n.includes(w) ? 0 : editDistance(w, n) };
    })
    .filter((c) => c.score <= budget)
    .sort((a, b) => a.score - b.score || byCodeUnits(a.name, b.name))
    .slice(0, 5)
    .map((c) => c.name);
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] ?? 0;
      row[j] = Math.min(above + 1, (row[j - 1] ?? 0) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length] ?? 0;
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  return Array.isArray(value) ? "an array" : value === null ? "null" : "a " + typeof value;
}
`;
