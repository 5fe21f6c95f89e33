/**
 * A profile as a config a client loads alone (docs/profiles.md "Export"): for Claude Code an
 * `.mcp.json`-shaped file for `claude --mcp-config <file> --strict-mcp-config`, for Codex a config.toml
 * snippet whose `[mcp_servers.<id>]` tables turn the profile's servers on and the others off. Values come
 * from the entries as the files wrote them: a `${VAR}` reference stays a reference (Codex, which expands
 * none, gets `env_vars`, `bearer_token_env_var` and `env_http_headers`), and a secret written out
 * literally becomes a reference too, with a warning naming the variable to set, so an export never holds
 * a credential (docs/security.md).
 */
import "server-only";

import { tomlKey } from "@/lib/permissions/export-codex";
import type { Profile } from "@/lib/profiles";
import { isSecretPair, looksSecretValue, urlSecrets } from "./secrets";
import type { ServerConfig } from "./types";

export type ProfileExportClient = "claude-code" | "codex";
export const PROFILE_EXPORT_CLIENTS: readonly ProfileExportClient[] = ["claude-code", "codex"];

export interface ProfileExport {
  client: ProfileExportClient;
  text: string;
  warnings: string[];
  fileName: string;
  contentType: string;
}

/** `GITHUB_TOKEN` from `github-token`, `Authorization`, ... : the name of the variable that replaces a literal secret. */
function variableName(...parts: string[]): string {
  const name = parts.join("_").replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+|_+$/g, "").toUpperCase();
  return /^[A-Z_]/.test(name) ? name : `MCP_${name}`;
}

/** Cursor's `${env:NAME}` is Claude Code's `${NAME}`. */
function claudeReferences(text: string): string {
  return text.replace(/\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g, "${$1}");
}

const REFERENCE = /\$\{[^}]+\}/;
const ONLY_REFERENCE = /^\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)\}$/;

interface ValueContext {
  serverId: string;
  field: string;
  warnings: string[];
  /** Who the warnings speak of: the file made and the program that reads it. */
  wording: Wording;
}

/** `the export` ... `the client`, or `the bundle` ... `the host`. */
export interface Wording {
  made: string;
  runner: string;
}

const EXPORT_WORDING: Wording = { made: "the export", runner: "the client" };

/** A `name = value` pair (env, header) as written, or a reference in place of a literal secret. */
function safePairValue(name: string, written: string, ctx: ValueContext, variable = variableName(name)): string {
  if (REFERENCE.test(written)) return claudeReferences(written);
  if (!isSecretPair(name, written)) return written;
  ctx.warnings.push(`${ctx.serverId}: ${ctx.field} ${name} was written out in the config; ${ctx.wording.made} has \${${variable}} instead: set ${variable} where ${ctx.wording.runner} runs`);
  return `\${${variable}}`;
}

function safeArgs(args: readonly string[], ctx: ValueContext): string[] {
  return args.map((arg, i) => {
    if (REFERENCE.test(arg)) return claudeReferences(arg);
    const flag = /^(--?[A-Za-z][\w-]*)=(.*)$/s.exec(arg);
    const previous = i > 0 ? /^--?([A-Za-z][\w-]*)$/.exec(args[i - 1]) : null;
    const secretFlag = flag && isSecretPair(flag[1].replace(/^-+/, ""), flag[2]);
    if (!secretFlag && !looksSecretValue(arg) && !(previous && isSecretPair(previous[1], arg))) return arg;
    const variable = variableName(ctx.serverId, flag ? flag[1].replace(/^-+/, "") : previous ? previous[1] : `arg_${i}`);
    ctx.warnings.push(`${ctx.serverId}: args[${i}] holds a secret written out in the config; ${ctx.wording.made} has \${${variable}} instead: set ${variable} where ${ctx.wording.runner} runs`);
    return flag ? `${flag[1]}=\${${variable}}` : `\${${variable}}`;
  });
}

function safeUrl(url: string, ctx: ValueContext): string {
  let out = claudeReferences(url);
  for (const secret of urlSecrets(REFERENCE.test(url) ? "" : url)) {
    const variable = variableName(ctx.serverId, secret.name);
    out = out.replace(secret.value, `\${${variable}}`);
    ctx.warnings.push(`${ctx.serverId}: the url holds a credential (${secret.name}); ${ctx.wording.made} has \${${variable}} instead: set ${variable} where ${ctx.wording.runner} runs`);
  }
  return out;
}

/** The profile's servers in the profile's order; ids the fleet lacks are warned about. */
function profileServers(profile: Profile, servers: readonly ServerConfig[], warnings: string[]): ServerConfig[] {
  const byId = new Map(servers.map((s) => [s.id, s]));
  return profile.servers.flatMap((id) => {
    const server = byId.get(id);
    if (!server) warnings.push(`${id}: named by profile "${profile.name}" but no config of this fleet defines it; left out`);
    return server ? [server] : [];
  });
}

/** A server's entry as the config files wrote it, with `${VAR}` references and no credential (warnings name what was replaced). */
export interface SafeServerEntry {
  transport: ServerConfig["transport"];
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  url?: string;
  headers?: Record<string, string>;
}

/** One server's command, args and env (stdio) or url and headers, each secret kept as or made into a `${VAR}` reference. */
export function safeServerEntry(server: ServerConfig, warnings: string[], wording: Wording = EXPORT_WORDING): SafeServerEntry {
  const t = server.templates ?? {};
  const ctx = (field: string): ValueContext => ({ serverId: server.id, field, warnings, wording });
  if (server.transport === "stdio") {
    const entry: SafeServerEntry = { transport: "stdio", command: claudeReferences(t.command ?? server.command ?? "") };
    const args = t.args ?? server.args;
    if (args && args.length > 0) entry.args = safeArgs(args, ctx("args"));
    const env = t.env ?? server.env;
    if (env && Object.keys(env).length > 0) entry.env = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, safePairValue(k, v, ctx("env"))]));
    return entry;
  }
  const entry: SafeServerEntry = { transport: server.transport, url: safeUrl(t.url ?? server.url ?? "", ctx("url")) };
  const headers = t.headers ?? server.headers;
  if (headers && Object.keys(headers).length > 0) {
    entry.headers = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, safePairValue(k, v, ctx("header"), variableName(server.id, k === "Authorization" ? "token" : k))]));
  }
  return entry;
}

/** `.mcp.json` for `claude --mcp-config <file> --strict-mcp-config`: the profile's servers only. */
export function exportProfileClaude(profile: Profile, servers: readonly ServerConfig[]): ProfileExport {
  const warnings: string[] = [];
  const mcpServers: Record<string, Record<string, unknown>> = {};
  for (const server of profileServers(profile, servers, warnings)) {
    const { transport, ...safe } = safeServerEntry(server, warnings);
    const entry: Record<string, unknown> = transport === "stdio" ? safe : { type: transport, ...safe };
    if (transport === "stdio" && server.templates?.cwd !== undefined) warnings.push(`${server.id}: cwd ${server.templates.cwd} is not a key of .mcp.json; Claude Code starts the server in the folder claude runs in`);
    if (!server.enabled) warnings.push(`${server.id} is disabled in ${server.source.file}; the export starts it`);
    mcpServers[server.id] = entry;
  }
  return {
    client: "claude-code",
    text: `${JSON.stringify({ mcpServers }, null, 2)}\n`,
    warnings,
    fileName: `${profile.name}.mcp.json`,
    contentType: "application/json",
  };
}

function tomlString(value: string): string {
  return JSON.stringify(value).replace(/\u007f/g, "\\u007F");
}

function tomlArray(values: readonly string[]): string {
  return `[${values.map(tomlString).join(", ")}]`;
}

function tomlInline(values: Record<string, string>): string {
  return `{ ${Object.entries(values)
    .map(([k, v]) => `${tomlKey(k)} = ${tomlString(v)}`)
    .join(", ")} }`;
}

/** One `[mcp_servers.<id>]` table for Codex, references as Codex takes them (it expands no `${VAR}`). */
function codexTable(server: ServerConfig, enabled: boolean, warnings: string[]): string[] | null {
  const t = server.templates ?? {};
  const lines: string[] = [`[mcp_servers.${tomlKey(server.id)}]`];
  const ctx = (field: string): ValueContext => ({ serverId: server.id, field, warnings, wording: EXPORT_WORDING });
  const noExpansion = (field: string, value: string) => {
    if (REFERENCE.test(value)) warnings.push(`${server.id}: ${field} holds ${value.match(REFERENCE)![0]}, which Codex does not expand; it is written as is`);
  };
  if (server.transport === "stdio") {
    const command = t.command ?? server.command ?? "";
    noExpansion("command", command);
    lines.push(`command = ${tomlString(command)}`);
    const args = t.args ?? server.args;
    if (args && args.length > 0) {
      const safe = safeArgs(args, ctx("args"));
      safe.forEach((arg) => noExpansion("args", arg));
      lines.push(`args = ${tomlArray(safe)}`);
    }
    if (t.cwd !== undefined) lines.push(`cwd = ${tomlString(t.cwd)}`);
    const literal: Record<string, string> = {};
    const forwarded: string[] = [];
    for (const [name, written] of Object.entries(t.env ?? server.env ?? {})) {
      const only = ONLY_REFERENCE.exec(written);
      if (only) {
        if (only[1] !== name) warnings.push(`${server.id}: env ${name} is \${${only[1]}} in the config; Codex forwards variables by name only, so set ${name} where codex runs`);
        forwarded.push(name);
      } else if (REFERENCE.test(written)) {
        warnings.push(`${server.id}: env ${name} is "${written}" in the config, which Codex cannot build; it is forwarded by name: set ${name} where codex runs`);
        forwarded.push(name);
      } else if (isSecretPair(name, written)) {
        warnings.push(`${server.id}: env ${name} was written out in the config; the export forwards ${name} instead: set it where codex runs`);
        forwarded.push(name);
      } else literal[name] = written;
    }
    if (Object.keys(literal).length > 0) lines.push(`env = ${tomlInline(literal)}`);
    if (forwarded.length > 0) lines.push(`env_vars = ${tomlArray(forwarded)}`);
  } else if (server.transport === "http") {
    const url = safeUrl(t.url ?? server.url ?? "", ctx("url"));
    noExpansion("url", url);
    lines.push(`url = ${tomlString(url)}`);
    const literal: Record<string, string> = {};
    const fromEnv: Record<string, string> = {};
    for (const [name, written] of Object.entries(t.headers ?? server.headers ?? {})) {
      const bearer = /^Bearer \$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(written);
      const only = ONLY_REFERENCE.exec(written);
      if (name.toLowerCase() === "authorization" && bearer) lines.push(`bearer_token_env_var = ${tomlString(bearer[1])}`);
      else if (only) fromEnv[name] = only[1];
      else if (REFERENCE.test(written) || isSecretPair(name, written)) {
        const variable = variableName(server.id, name);
        warnings.push(`${server.id}: header ${name} ${REFERENCE.test(written) ? `is "${written}" in the config, which Codex cannot build` : "was written out in the config"}; the export reads it from ${variable}: set it where codex runs`);
        fromEnv[name] = variable;
      } else literal[name] = written;
    }
    if (Object.keys(literal).length > 0) lines.push(`http_headers = ${tomlInline(literal)}`);
    if (Object.keys(fromEnv).length > 0) lines.push(`env_http_headers = ${tomlInline(fromEnv)}`);
  } else {
    warnings.push(`${server.id}: Codex has no ${server.transport} transport (only stdio and streamable HTTP); left out`);
    return null;
  }
  lines.push(`enabled = ${enabled}`);
  if (server.codex?.enabledTools) lines.push(`enabled_tools = ${tomlArray(server.codex.enabledTools)}`);
  if (server.codex?.disabledTools) lines.push(`disabled_tools = ${tomlArray(server.codex.disabledTools)}`);
  return lines;
}

/**
 * A config.toml snippet: the profile's servers enabled, and the servers of the fleet's Codex configs
 * that are not in it present with `enabled = false`, so that merged into config.toml (replacing those
 * tables) or used as the whole config.toml of a CODEX_HOME, Codex starts the profile's servers only.
 */
export function exportProfileCodex(profile: Profile, servers: readonly ServerConfig[]): ProfileExport {
  const warnings: string[] = [];
  const wanted = profileServers(profile, servers, warnings);
  const inProfile = new Set(wanted.map((s) => s.id));
  const others = servers.filter((s) => !inProfile.has(s.id) && s.source.format === "codex");
  const blocks = [
    ...wanted.map((s) => codexTable(s, true, warnings)),
    ...others.map((s) => codexTable(s, false, warnings)),
  ].filter((b): b is string[] => b !== null);
  const header = [
    `# MCP Fleet: profile "${profile.name}" for Codex: ${profile.servers.join(", ")}.`,
    "# Replace these [mcp_servers] tables in ~/.codex/config.toml (or a trusted project's .codex/config.toml),",
    "# or use this file as the config.toml of a CODEX_HOME of its own.",
  ].join("\n");
  return {
    client: "codex",
    text: `${[header, ...blocks.map((b) => b.join("\n"))].join("\n\n")}\n`,
    warnings,
    fileName: `${profile.name}.config.toml`,
    contentType: "application/toml",
  };
}

export function exportProfile(client: ProfileExportClient, profile: Profile, servers: readonly ServerConfig[]): ProfileExport {
  return client === "codex" ? exportProfileCodex(profile, servers) : exportProfileClaude(profile, servers);
}
