/**
 * Codex `config.toml` `[mcp_servers.<id>]` read as Codex reads it (docs/clients.md):
 * `command` => stdio, `url` => streamable HTTP (Codex has no SSE), env_vars / env_http_headers /
 * bearer_token_env_var taken from the environment, unknown keys reported (Codex ignores them silently,
 * so a misspelt key has no effect), and the keys that change which tools Codex sends (enabled_tools,
 * disabled_tools) and how it approves them kept on the server for lib/clients. No file access: the text comes in.
 */
import "server-only";

import { parse as parseToml, TomlError } from "smol-toml";

import { CODEX_SERVER_ID_PATTERN, fieldReaders, FindingSink, lintCommon } from "./entry";
import type { Env } from "./expand";
import { hasReference } from "./expand";
import type { TextPosition } from "@/lib/json/json-text";
import { isPlainObject } from "@/lib/json/values";
import type { CodexApprovalMode, CodexToolOptions, ConfigFinding, ConfigSource, ServerConfig, ServerTemplates } from "./types";

/** Every key of `RawMcpServerConfig` that 0.169.0 reads, plus `bearer_token`, which Codex parses and rejects. */
const KNOWN_KEYS = new Set([
  "command",
  "args",
  "env",
  "env_vars",
  "cwd",
  "http_headers",
  "env_http_headers",
  "url",
  "bearer_token_env_var",
  "bearer_token",
  "experimental_environment",
  "startup_timeout_sec",
  "startup_timeout_ms",
  "tool_timeout_sec",
  "enabled",
  "required",
  "supports_parallel_tool_calls",
  "default_tools_approval_mode",
  "enabled_tools",
  "disabled_tools",
  "scopes",
  "oauth",
  "oauth_resource",
  "name",
  "tools",
]);

const HTTP_ONLY = ["url", "http_headers", "env_http_headers", "bearer_token_env_var", "oauth", "oauth_resource", "scopes"];
const STDIO_ONLY = ["args", "env", "env_vars", "cwd"];

export interface CodexParseOptions {
  file: string;
  env: Env;
  projectFile: boolean;
}

export interface ParsedServers {
  servers: ServerConfig[];
  findings: ConfigFinding[];
}

/** A TOML table: smol-toml reads dates as Date objects, which are values, not tables. */
function isTable(value: unknown): value is Record<string, unknown> {
  return isPlainObject(value) && !(value instanceof Date);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** `name`, `"name"` or `'name'` as a TOML key pattern. */
function keyPattern(key: string): string {
  const plain = escapeRegExp(key);
  return `(?:${plain}|"${plain}"|'${plain}')`;
}

/**
 * Line and column of a server (`mcp_servers.<id>`) or of one of its fields (`mcp_servers.<id>/env/NAME`),
 * found by scanning the text: smol-toml keeps no positions.
 */
export function tomlLocator(text: string): (pointer: string) => TextPosition | undefined {
  const lines = text.split("\n");
  const header = (path: string[]) =>
    new RegExp(`^\\s*\\[\\s*${path.map((part) => keyPattern(part)).join("\\s*\\.\\s*")}\\s*\\]`);
  const keyLine = (key: string) => new RegExp(`^(\\s*)${keyPattern(key)}\\s*[=.]`);
  const findHeader = (path: string[]): number => lines.findIndex((line) => header(path).test(line));
  const sectionEnd = (start: number): number => {
    for (let i = start + 1; i < lines.length; i++) if (/^\s*\[/.test(lines[i])) return i;
    return lines.length;
  };
  const findKey = (start: number, end: number, key: string): TextPosition | undefined => {
    const pattern = keyLine(key);
    for (let i = start; i < end; i++) {
      const match = pattern.exec(lines[i]);
      if (match) return { line: i + 1, column: match[1].length + 1 };
    }
    return undefined;
  };
  const locateServer = (id: string): { at: TextPosition; start: number; end: number } | undefined => {
    const own = findHeader(["mcp_servers", id]);
    if (own !== -1) return { at: { line: own + 1, column: lines[own].indexOf("[") + 1 }, start: own + 1, end: sectionEnd(own) };
    const table = findHeader(["mcp_servers"]);
    if (table !== -1) {
      const at = findKey(table + 1, sectionEnd(table), id);
      if (at) return { at, start: at.line - 1, end: at.line };
    }
    const dotted = new RegExp(`^(\\s*)mcp_servers\\s*\\.\\s*${keyPattern(id)}\\s*[=.]`);
    const index = lines.findIndex((line) => dotted.test(line));
    if (index !== -1) return { at: { line: index + 1, column: (dotted.exec(lines[index])?.[1].length ?? 0) + 1 }, start: index, end: index + 1 };
    return undefined;
  };
  return (pointer) => {
    const [serverPath, ...fields] = pointer.split("/");
    const id = serverPath.replace(/^mcp_servers\./, "");
    const server = locateServer(id);
    if (!server) return undefined;
    if (fields.length === 0) return server.at;
    const [field, sub] = fields;
    // `[mcp_servers.<id>.tools.<tool>]`: a table two levels down.
    const nested = fields.length === 2 ? findHeader(["mcp_servers", id, ...fields]) : -1;
    if (nested !== -1) return { line: nested + 1, column: lines[nested].indexOf("[") + 1 };
    const subHeader = findHeader(["mcp_servers", id, field]);
    if (subHeader !== -1) {
      return (sub !== undefined ? findKey(subHeader + 1, sectionEnd(subHeader), sub) : undefined) ?? { line: subHeader + 1, column: 1 };
    }
    return findKey(server.start, server.end, field);
  };
}

/** Parse a Codex config.toml. A syntax error is one finding with line and column; never throws. */
export function parseCodexConfig(text: string, opts: CodexParseOptions): ParsedServers {
  let doc: Record<string, unknown>;
  try {
    doc = parseToml(text) as Record<string, unknown>;
  } catch (error) {
    const line = error instanceof TomlError ? error.line : undefined;
    const column = error instanceof TomlError ? error.column : undefined;
    const message = (error instanceof Error ? error.message : String(error)).split("\n")[0].replace(/^Invalid TOML document: /, "");
    return {
      servers: [],
      findings: [
        {
          severity: "error",
          code: "config:parse",
          message: `not valid TOML: ${message}${line !== undefined ? ` (line ${line}, column ${column})` : ""}`,
          file: opts.file,
          ...(line !== undefined ? { line, column } : {}),
        },
      ],
    };
  }
  const locate = tomlLocator(text);
  const servers: ServerConfig[] = [];
  const findings: ConfigFinding[] = [];
  const table = doc.mcp_servers;
  if (table === undefined) {
    findings.push({ severity: "warning", code: "config:no-servers", message: "no [mcp_servers.<id>] tables in this file", file: opts.file });
    return { servers, findings };
  }
  if (!isTable(table)) {
    findings.push({ severity: "error", code: "config:shape", message: "mcp_servers must be a table", file: opts.file, ...(locate("mcp_servers") ?? {}) });
    return { servers, findings };
  }
  for (const id of Object.keys(table)) {
    const { server, findings: own } = normalizeCodexEntry(id, table[id], opts, locate);
    findings.push(...own);
    if (server) servers.push(server);
  }
  return { servers, findings };
}

function normalizeCodexEntry(
  id: string,
  entry: unknown,
  opts: CodexParseOptions,
  locate: (pointer: string) => TextPosition | undefined,
): { server: ServerConfig | null; findings: ConfigFinding[] } {
  const pointer = `mcp_servers.${id}`;
  const at = locate(pointer);
  const source: ConfigSource = { file: opts.file, format: "codex", pointer, ...(at ? { line: at.line, column: at.column } : {}) };
  const sink = new FindingSink(source, id, locate);
  const invalid = (reason: string, code: string, field?: string, transport: ServerConfig["transport"] = "stdio") => {
    sink.add("error", code, reason, field);
    return { server: { id, transport, enabled: true, invalid: reason, source } satisfies ServerConfig, findings: sink.findings };
  };
  if (!isTable(entry)) return invalid(`MCP server "${id}": [mcp_servers.${id}] must be a table`, "config:shape");

  for (const key of Object.keys(entry)) {
    if (!KNOWN_KEYS.has(key)) {
      sink.add("warning", "config:unknown-key", `MCP server "${id}": unknown key "${key}"; Codex ignores it silently, so it has no effect`, key);
    }
  }

  const shapeErrors: string[] = [];
  const { str, strList, strMap } = fieldReaders(entry, shapeErrors, "a table of strings");

  const command = str("command");
  const args = strList("args");
  const env = strMap("env");
  const cwd = str("cwd");
  const url = str("url");
  const httpHeaders = strMap("http_headers");
  const envHttpHeaders = strMap("env_http_headers");
  const bearerVar = str("bearer_token_env_var");
  const envVars: string[] = [];
  if (entry.env_vars !== undefined) {
    const list = entry.env_vars;
    if (!Array.isArray(list)) shapeErrors.push(`"env_vars" must be an array`);
    else
      for (const item of list) {
        if (typeof item === "string") envVars.push(item);
        else if (isTable(item) && typeof item.name === "string") envVars.push(item.name);
        else shapeErrors.push(`"env_vars" entries must be names or { name, source } tables`);
      }
  }
  let enabled = true;
  if (entry.enabled !== undefined) {
    if (typeof entry.enabled !== "boolean") shapeErrors.push(`"enabled" must be true or false`);
    else enabled = entry.enabled;
  }

  const transport = url !== undefined && command === undefined ? "http" : "stdio";
  if (shapeErrors.length > 0) return invalid(`MCP server "${id}": ${[...new Set(shapeErrors)].join("; ")}`, "config:shape", undefined, transport);
  if (!CODEX_SERVER_ID_PATTERN.test(id)) {
    return invalid(`Invalid MCP server name '${id}': must match pattern ^[a-zA-Z0-9_:@/.-]+$`, "config:server-id", undefined, transport);
  }
  const codex = readToolOptions(id, entry, sink);
  if (entry.bearer_token !== undefined) {
    return invalid(`MCP server "${id}": "bearer_token" is not supported; put the token in the environment and name it with bearer_token_env_var`, "config:literal-secret", "bearer_token", transport);
  }
  if (command === undefined && url === undefined) {
    return invalid(`MCP server "${id}": invalid transport (set "command" for stdio or "url" for streamable HTTP)`, "config:no-command");
  }
  if (transport === "stdio") {
    const wrong = HTTP_ONLY.find((key) => entry[key] !== undefined);
    if (wrong) return invalid(`MCP server "${id}": ${wrong} is not supported for stdio`, "config:transport-field", wrong);
  } else {
    const wrong = STDIO_ONLY.find((key) => entry[key] !== undefined);
    if (wrong) return invalid(`MCP server "${id}": ${wrong} is not supported for streamable_http`, "config:transport-field", wrong, "http");
  }

  // Codex expands no ${VAR}: a reference stays literal, which is almost never what the author meant.
  const literalRef = (field: string, pointerField: string, value: string) => {
    if (hasReference(value)) {
      sink.add(
        "warning",
        "config:no-expansion",
        `MCP server "${id}": ${field} contains \${...}, which Codex does not expand; use env_vars, env_http_headers or bearer_token_env_var`,
        pointerField,
      );
    }
  };
  const unset = (name: string, what: string, field: string) =>
    sink.add("warning", "config:unset-variable", `MCP server "${id}": ${field} names ${name}, which is not set; ${what}`, field);

  const templates: ServerTemplates = {};
  const server: ServerConfig = { id, transport, enabled, source, ...(codex ? { codex } : {}) };
  if (transport === "stdio") {
    server.command = command;
    templates.command = command;
    literalRef("command", "command", command ?? "");
    if (args) {
      server.args = [...args];
      templates.args = [...args];
      args.forEach((arg, index) => literalRef(`args[${index}]`, "args", arg));
    }
    if (cwd !== undefined) {
      server.cwd = cwd;
      templates.cwd = cwd;
    }
    const merged: Record<string, string> = {};
    const mergedTemplates: Record<string, string> = {};
    for (const [name, value] of Object.entries(env ?? {})) {
      merged[name] = value;
      mergedTemplates[name] = value;
      literalRef(`env.${name}`, `env/${name}`, value);
    }
    for (const name of envVars) {
      const value = opts.env[name];
      if (value === undefined) {
        unset(name, "it is not forwarded", "env_vars");
        continue;
      }
      merged[name] = value;
      mergedTemplates[name] = `\${${name}}`;
    }
    if (Object.keys(merged).length > 0) {
      server.env = merged;
      templates.env = mergedTemplates;
    }
  } else {
    server.url = url;
    templates.url = url;
    literalRef("url", "url", url ?? "");
    const headers: Record<string, string> = {};
    const headerTemplates: Record<string, string> = {};
    for (const [name, value] of Object.entries(httpHeaders ?? {})) {
      headers[name] = value;
      headerTemplates[name] = value;
      literalRef(`http_headers.${name}`, `http_headers/${name}`, value);
    }
    for (const [name, variable] of Object.entries(envHttpHeaders ?? {})) {
      const value = opts.env[variable];
      if (value === undefined) {
        unset(variable, `the "${name}" header is left out`, "env_http_headers");
        continue;
      }
      headers[name] = value;
      headerTemplates[name] = `\${${variable}}`;
    }
    if (bearerVar !== undefined) {
      const value = opts.env[bearerVar];
      if (value === undefined) unset(bearerVar, "no Authorization header is sent", "bearer_token_env_var");
      else {
        headers.Authorization = `Bearer ${value}`;
        headerTemplates.Authorization = `Bearer \${${bearerVar}}`;
      }
    }
    if (Object.keys(headers).length > 0) {
      server.headers = headers;
      templates.headers = headerTemplates;
    }
  }
  server.templates = templates;
  lintCommon(id, server, sink, opts.projectFile, "codex");
  return { server, findings: sink.findings };
}

const APPROVAL_MODES: readonly CodexApprovalMode[] = ["auto", "prompt", "writes", "approve"];

/**
 * `enabled_tools`, `disabled_tools`, `default_tools_approval_mode` and `tools.<tool>.approval_mode`
 * of one server. Codex refuses a bad approval mode naming the key; here it is an error finding and the
 * key is left out, so the rest of the entry still loads.
 */
function readToolOptions(id: string, entry: Record<string, unknown>, sink: FindingSink): CodexToolOptions | undefined {
  const options: CodexToolOptions = {};
  for (const [key, field] of [
    ["enabled_tools", "enabledTools"],
    ["disabled_tools", "disabledTools"],
  ] as const) {
    const value = entry[key];
    if (value === undefined) continue;
    if (Array.isArray(value) && value.every((v) => typeof v === "string")) options[field] = [...value];
    else sink.add("error", "config:shape", `MCP server "${id}": "${key}" must be an array of tool names; Codex refuses the file`, key);
  }
  const mode = (value: unknown, key: string, pointer: string): CodexApprovalMode | undefined => {
    if (typeof value === "string" && (APPROVAL_MODES as readonly string[]).includes(value)) return value as CodexApprovalMode;
    sink.add("error", "config:approval-mode", `MCP server "${id}": ${key} is ${JSON.stringify(value)}; Codex refuses it: use one of ${APPROVAL_MODES.map((m) => `"${m}"`).join(", ")}`, pointer);
    return undefined;
  };
  if (entry.default_tools_approval_mode !== undefined) {
    const value = mode(entry.default_tools_approval_mode, "default_tools_approval_mode", "default_tools_approval_mode");
    if (value) options.defaultToolsApprovalMode = value;
  }
  const tools = entry.tools;
  if (tools !== undefined) {
    if (!isPlainObject(tools)) sink.add("error", "config:shape", `MCP server "${id}": "tools" must be a table of [mcp_servers.${id}.tools.<tool>] tables`, "tools");
    else {
      for (const [tool, table] of Object.entries(tools)) {
        if (!isPlainObject(table) || table.approval_mode === undefined) continue;
        const value = mode(table.approval_mode, `tools.${tool}.approval_mode`, `tools/${tool}`);
        if (value) (options.toolApprovalModes ??= {})[tool] = value;
      }
    }
  }
  return Object.keys(options).length > 0 ? options : undefined;
}
