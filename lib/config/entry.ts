/**
 * One `mcpServers` / `servers` entry of a JSON config (Claude Code, ~/.claude.json, Claude Desktop,
 * Cursor, VS Code, runtime) turned into a ServerConfig plus lint findings, the way each client reads
 * it (docs/clients.md). Values in, values out: no I/O.
 */
import "server-only";

import { expandClaude, expandEditor, hasReference, type EditorVariables, type Env, type Expansion } from "./expand";
import type { TextPosition } from "@/lib/json/json-text";
import { pointerToken } from "@/lib/json/pointer";
import { isPlainObject } from "@/lib/json/values";
import { isSecretPair, looksSecretValue, templateHoldsSecret, urlSecrets } from "./secrets";
import type { ConfigFinding, ConfigFormat, ConfigSource, ServerConfig, ServerTemplates, Transport } from "./types";

export const SERVER_ID_PATTERN = /^[A-Za-z0-9_-]+$/;
/** The server names Codex 0.169.0 accepts (observed: "Invalid MCP server name ... must match pattern"). */
export const CODEX_SERVER_ID_PATTERN = /^[a-zA-Z0-9_:@/.-]+$/;

/** Names Claude Code keeps for itself; an entry with one is skipped with a warning (CC-docs mcp.md). */
export const RESERVED_SERVER_NAMES = ["workspace", "claude-in-chrome", "computer-use", "Claude Preview", "Claude Browser"];

export interface EntryContext {
  source: ConfigSource;
  env: Env;
  /** A file kept in a project (and so in git): literal secrets there are linted. */
  projectFile: boolean;
  /** Cursor / VS Code variables; absent for Claude formats. */
  editor?: EditorVariables;
  /** Line and column of a JSON Pointer in the file, when the text is at hand. */
  locate?: (pointer: string) => TextPosition | undefined;
}

export interface EntryResult {
  server: ServerConfig | null;
  findings: ConfigFinding[];
}

const CLAUDE_FORMATS: ConfigFormat[] = ["claude-code", "claude-user", "claude-desktop", "runtime"];

const TYPE_ALIASES: Record<"claude" | "cursor" | "vscode", Record<string, Transport>> = {
  claude: { stdio: "stdio", http: "http", "streamable-http": "http", sse: "sse", ws: "ws" },
  cursor: { stdio: "stdio", http: "http", "streamable-http": "http", streamableHttp: "http", sse: "sse" },
  vscode: { stdio: "stdio", http: "http", sse: "sse" },
};

function family(format: ConfigFormat): "claude" | "cursor" | "vscode" {
  if (format === "cursor") return "cursor";
  if (format === "vscode") return "vscode";
  return "claude";
}

/** The way a user should write an environment reference in this format, for messages. */
export function referenceHint(format: ConfigFormat, name: string, kind: "env" | "header" | "other" = "other", header = ""): string {
  if (format === "cursor" || format === "vscode") return `\${env:${name}}`;
  if (format === "codex") {
    if (kind === "env") return `env_vars = ["${name}"]`;
    if (kind === "header" && /^authorization$/i.test(header)) return `bearer_token_env_var = "${name}"`;
    if (kind === "header") return `env_http_headers = { "${header}" = "${name}" }`;
    return "a variable named in env_vars / env_http_headers";
  }
  return `\${${name}}`;
}

/** Builds findings that carry the file, the server and the best position we can find. */
export class FindingSink {
  readonly findings: ConfigFinding[] = [];
  constructor(
    private readonly source: ConfigSource,
    private readonly serverId: string | undefined,
    private readonly locate?: (pointer: string) => TextPosition | undefined,
  ) {}

  add(severity: ConfigFinding["severity"], code: string, message: string, field?: string): void {
    const base = this.source.pointer ?? "";
    const at = (field !== undefined ? this.locate?.(`${base}/${field}`) : undefined) ?? this.locate?.(base);
    this.findings.push({
      severity,
      code,
      message,
      file: this.source.file,
      ...(at ? { line: at.line, column: at.column } : {}),
      ...(this.serverId !== undefined ? { serverId: this.serverId } : {}),
    });
  }
}

/** Lints for every format: the id pattern and literal secrets in project files. */
export function lintCommon(id: string, server: ServerConfig, sink: FindingSink, projectFile: boolean, hintFormat: ConfigFormat): void {
  if (!SERVER_ID_PATTERN.test(id)) {
    sink.add(
      "warning",
      "config:server-id",
      `MCP server "${id}": the id should match ^[A-Za-z0-9_-]+$ (Claude Code names its tools mcp__${id.replace(/[^A-Za-z0-9_-]/g, "_")}__<tool>, and its permission rules must use that name${CODEX_SERVER_ID_PATTERN.test(id) ? "" : "; Codex refuses such ids"})`,
    );
  }
  if (!projectFile) return;
  const templates = server.templates ?? {};
  const secret = (field: string, pointerField: string, hint: string) =>
    sink.add(
      "warning",
      "config:literal-secret",
      `MCP server "${id}": ${field} holds a literal secret in a project file; use ${hint} and keep the value in the environment`,
      pointerField,
    );
  for (const [name, value] of Object.entries(templates.env ?? {})) {
    if (templateHoldsSecret(name, value)) secret(`env.${name}`, `env/${pointerToken(name)}`, referenceHint(hintFormat, name, "env"));
  }
  for (const [name, value] of Object.entries(templates.headers ?? {})) {
    if (templateHoldsSecret(name, value)) {
      const variable = envNameFor(id, /^authorization$/i.test(name) ? "token" : name);
      secret(`header "${name}"`, `${hintFormat === "codex" ? "http_headers" : "headers"}/${pointerToken(name)}`, referenceHint(hintFormat, variable, "header", name));
    }
  }
  if (templates.url) {
    for (const found of urlSecrets(templates.url)) {
      if (!hasReference(found.value)) secret(`url (${found.name})`, "url", referenceHint(hintFormat, envNameFor(id, found.name)));
    }
  }
  const args = templates.args ?? [];
  args.forEach((arg, index) => {
    if (hasReference(arg)) {
      if (templateHoldsSecret("", arg)) secret(`args[${index}]`, `args/${index}`, referenceHint(hintFormat, envNameFor(id, "token")));
      return;
    }
    const flag = /^--?([A-Za-z][\w-]*)=(.+)$/.exec(arg);
    const previous = index > 0 ? /^--?([A-Za-z][\w-]*)$/.exec(args[index - 1]) : null;
    const named = (flag && isSecretPair(flag[1], flag[2])) || (previous && isSecretPair(previous[1], arg));
    if (named || looksSecretValue(arg)) secret(`args[${index}]`, `args/${index}`, referenceHint(hintFormat, envNameFor(id, flag?.[1] ?? previous?.[1] ?? "token")));
  });
}

function envNameFor(id: string, field: string): string {
  const base = `${id}_${field}`.toUpperCase().replace(/[^A-Z0-9]+/g, "_").replace(/^_+|_+$/g, "");
  return /^[A-Z_]/.test(base) ? base : `_${base}`;
}

/** Report what an expansion left behind: unset variables, VS Code inputs, unsupported forms. */
function reportExpansion(id: string, field: string, pointerField: string, result: Expansion, sink: FindingSink, format: ConfigFormat, seen: Set<string>): void {
  const editor = format === "cursor" || format === "vscode";
  for (const name of result.unset) {
    const key = `unset:${name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const kept = editor && !["userHome", "workspaceFolder", "workspaceFolderBasename"].includes(name) ? "it expands to an empty string" : `the literal \${${name}} is used`;
    sink.add("warning", "config:unset-variable", `MCP server "${id}": ${field} uses ${name}, which is not set; ${kept}`, pointerField);
  }
  for (const name of result.inputs) {
    const key = `input:${name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    sink.add(
      "warning",
      "config:input-variable",
      `MCP server "${id}": ${field} uses \${input:${name}}, which VS Code asks for at start; it stays literal here (set the value in the environment and use \${env:NAME})`,
      pointerField,
    );
  }
  for (const name of result.unsupported) {
    const key = `unsupported:${name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    sink.add(
      "warning",
      "config:unsupported-variable",
      `MCP server "${id}": ${field} uses \${${name}}, which ${format === "cursor" ? "Cursor" : "VS Code"} does not expand; write \${env:${name}}`,
      pointerField,
    );
  }
}

/**
 * Read one JSON-shaped entry. Returns `server: null` only for entries a client skips (reserved names);
 * an entry that cannot be started is returned with `invalid` set, so it shows as an error.
 */
export function normalizeJsonEntry(id: string, entry: unknown, ctx: EntryContext): EntryResult {
  const { source } = ctx;
  const fam = family(source.format);
  const sink = new FindingSink(source, id, ctx.locate);
  const claudeCode = source.format === "claude-code" || source.format === "claude-user" || source.format === "runtime";

  if (claudeCode && RESERVED_SERVER_NAMES.includes(id)) {
    sink.add("warning", "config:reserved-name", `MCP server "${id}" uses a name Claude Code reserves; the entry is skipped`);
    return { server: null, findings: sink.findings };
  }

  const invalid = (transport: Transport, code: string, reason: string, field?: string): EntryResult => {
    sink.add("error", code, reason, field);
    return { server: { id, transport, enabled: true, invalid: reason, source }, findings: sink.findings };
  };

  if (!isPlainObject(entry)) {
    return invalid("stdio", "config:shape", `MCP server "${id}": the entry must be an object, not ${entry === null ? "null" : Array.isArray(entry) ? "an array" : typeof entry}`);
  }

  // Field shapes first: a wrong shape makes the entry unusable, and we say which field.
  const shapeErrors: string[] = [];
  const { str, strList, strMap } = fieldReaders(entry, shapeErrors, "an object of strings");

  const rawType = entry.type;
  const command = str("command");
  const args = strList("args");
  const env = strMap("env");
  const url = str("url");
  const headers = strMap("headers");
  const cwd = fam === "claude" ? undefined : str("cwd");

  // The transport, as the client decides it.
  let transport: Transport;
  if (rawType === undefined) {
    if (url !== undefined && fam === "claude") {
      return invalid("http", "config:url-without-type", `MCP server "${id}" has a "url" but no "type"; add "type": "http" (or "sse" / "ws") to this entry`);
    }
    transport = url !== undefined && command === undefined ? "http" : "stdio";
  } else {
    const known = typeof rawType === "string" ? TYPE_ALIASES[fam][rawType] : undefined;
    if (!known) {
      const accepted = Object.keys(TYPE_ALIASES[fam]).map((t) => `"${t}"`).join(", ");
      return invalid(
        url !== undefined ? "http" : "stdio",
        "config:unknown-type",
        `MCP server "${id}" has an unknown type ${JSON.stringify(rawType)}; use one of ${accepted}`,
        "type",
      );
    }
    transport = known;
  }

  if (shapeErrors.length > 0) {
    return invalid(transport, "config:shape", `MCP server "${id}": ${shapeErrors.join("; ")}`);
  }

  const seen = new Set<string>();
  const expand = (template: string, field: string, pointerField: string): string => {
    const result = ctx.editor ? expandEditor(template, ctx.editor) : expandClaude(template, ctx.env);
    reportExpansion(id, field, pointerField, result, sink, source.format, seen);
    return result.value;
  };

  const templates: ServerTemplates = {};
  const server: ServerConfig = { id, transport, enabled: true, source };
  if (transport === "stdio") {
    if (command !== undefined) {
      templates.command = command;
      server.command = expand(command, "command", "command");
    }
    if (args !== undefined) {
      templates.args = [...args];
      server.args = args.map((arg, index) => expand(arg, `args[${index}]`, `args/${index}`));
    }
    if (env !== undefined) {
      templates.env = { ...env };
      server.env = Object.fromEntries(Object.entries(env).map(([name, value]) => [name, expand(value, `env.${name}`, `env/${pointerToken(name)}`)]));
    }
    if (cwd !== undefined) server.cwd = expand(cwd, "cwd", "cwd");
  } else {
    if (url !== undefined) {
      templates.url = url;
      server.url = expand(url, "url", "url");
    }
    if (headers !== undefined) {
      templates.headers = { ...headers };
      server.headers = Object.fromEntries(
        Object.entries(headers).map(([name, value]) => [name, expand(value, `header "${name}"`, `headers/${pointerToken(name)}`)]),
      );
    }
  }
  if (Object.keys(templates).length > 0) server.templates = templates;

  if (transport === "stdio" && (command === undefined || command.trim() === "")) {
    server.invalid = `MCP server "${id}" is a stdio server with no "command"`;
    sink.add("error", "config:no-command", server.invalid);
  } else if (transport !== "stdio" && (url === undefined || url.trim() === "")) {
    server.invalid = `MCP server "${id}" is a ${transport} server with no "url"`;
    sink.add("error", "config:no-url", server.invalid);
  }

  lintCommon(id, server, sink, ctx.projectFile, CLAUDE_FORMATS.includes(source.format) ? "claude-code" : source.format);
  return { server, findings: sink.findings };
}

/**
 * Typed readers over one config entry's fields: a field of the wrong shape is recorded in `shapeErrors`
 * (naming the field) and read as absent. Shared by the JSON formats and Codex (`mapNoun` is how each
 * format names a string map: "an object of strings", "a table of strings").
 */
export function fieldReaders(entry: Record<string, unknown>, shapeErrors: string[], mapNoun: string) {
  const str = (key: string): string | undefined => {
    const value = entry[key];
    if (value === undefined) return undefined;
    if (typeof value !== "string") {
      shapeErrors.push(`"${key}" must be a string`);
      return undefined;
    }
    return value;
  };
  const strList = (key: string): string[] | undefined => {
    const value = entry[key];
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || value.some((item) => typeof item !== "string")) {
      shapeErrors.push(`"${key}" must be an array of strings`);
      return undefined;
    }
    return value as string[];
  };
  const strMap = (key: string): Record<string, string> | undefined => {
    const value = entry[key];
    if (value === undefined) return undefined;
    if (!isPlainObject(value) || Object.values(value).some((item) => typeof item !== "string")) {
      shapeErrors.push(`"${key}" must be ${mapNoun}`);
      return undefined;
    }
    return value as Record<string, string>;
  };
  return { str, strList, strMap };
}
