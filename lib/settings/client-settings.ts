/**
 * Each client's own settings that change what it sends or what it costs (docs/clients.md "settings that
 * remove tools", docs/cost.md), read by one module for the dashboard, its routes and the CLI (`tools`,
 * `cost`, `profiles`): Claude Code's deny rules from the project's `.claude/settings.json` and
 * `.claude/settings.local.json`, CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH from the terminal's environment and
 * ENABLE_TOOL_SEARCH (a settings file's `env`, local, then project, then user, else the environment);
 * Codex's `enabled`, `enabled_tools` and `disabled_tools` from the `[mcp_servers.<id>]` tables of a
 * config.toml. Every file read is named, with what was taken from it.
 */
import "server-only";

import { readFile } from "node:fs/promises";
import path from "node:path";

import type { ClientChoice, ClientSettings, CodexServerToolSettings, ToolSearchSetting } from "@/lib/clients";
import type { LoadedConfig } from "@/lib/config/types";
import { parseJsonText } from "@/lib/json/json-text";
import { isPlainObject } from "@/lib/json/values";
import { count } from "@/lib/text/count";
import { readProjectSettings } from "./claude-settings";

/** One settings file as a client would read it: where, whether it was there, and what was taken. */
export interface SettingsRead {
  /** As shown: relative to the folder given as `relativeTo` when inside it, e.g. `.claude/settings.json`. */
  label: string;
  exists: boolean;
  /** What was taken from it, e.g. `2 deny rules`. */
  took: string;
}

/** A settings file that could not be read: its rules do not apply, and the user is told where and why. */
export interface SettingsReadProblem {
  file: string;
  line?: number;
  column?: number;
  message: string;
}

export interface ClientSettingsRead {
  settings: ClientSettings;
  /** The files each client's settings came from. */
  read: { claudeCode: SettingsRead[]; codex: SettingsRead[] };
  /** Claude Code: ENABLE_TOOL_SEARCH and where it was set, or null when it is not. */
  toolSearch: ToolSearchSetting | null;
  problems: SettingsReadProblem[];
}

export interface ClientSettingsOptions {
  /** The environment Claude Code would run with (the terminal's): its variables, and HOME for the user's settings. */
  env: Record<string, string | undefined>;
  /** The folder whose `.claude/` settings Claude Code reads; null: none (no deny rules apply). */
  projectDir: string | null;
  /** File labels are relative to this folder when inside it (the user's folder for the CLI). */
  relativeTo: string;
}

/** Every client's settings for a loaded config. Files that are absent are reported as absent, never an error. */
export async function readClientSettings(loaded: LoadedConfig, opts: ClientSettingsOptions): Promise<ClientSettingsRead> {
  const label = (file: string) => relativeLabel(opts.relativeTo, file);
  const codex = codexSettings(loaded, label);
  const [claude, toolSearch] = await Promise.all([claudeCodeSettings(opts, label), readToolSearch(opts.projectDir, opts.env, label)]);
  return {
    settings: { claudeCode: claude.settings, codex: codex.settings },
    read: { claudeCode: claude.read, codex: codex.read },
    toolSearch,
    problems: claude.problems,
  };
}

/** The files one client's settings came from (the Agent SDK host reads none). */
export function settingsReadOf(client: ClientChoice, read: ClientSettingsRead["read"]): SettingsRead[] {
  return client === "codex" ? read.codex : client.startsWith("claude-code") ? read.claudeCode : [];
}

/** A problem as one line: the file (at its line and column) and what is wrong. */
export function formatSettingsProblem(problem: SettingsReadProblem): string {
  return `${problem.file}${problem.line ? `:${problem.line}:${problem.column}` : ""}: ${problem.message}`;
}

/** Claude Code's own environment variable for the description cut, when the environment sets it. */
export function maxDescriptionLengthOf(env: Record<string, string | undefined>): number | undefined {
  const limit = Number(env.CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH);
  return Number.isInteger(limit) && limit > 0 ? limit : undefined;
}

/** The settings files ENABLE_TOOL_SEARCH may come from, in the order Claude Code takes them. */
export function toolSearchFiles(projectDir: string | null, env: Record<string, string | undefined>): string[] {
  return [
    ...(projectDir ? [path.join(projectDir, ".claude", "settings.local.json"), path.join(projectDir, ".claude", "settings.json")] : []),
    ...(env.HOME ? [path.join(env.HOME, ".claude", "settings.json")] : []),
  ];
}

/** Where Claude Code would take ENABLE_TOOL_SEARCH from: the settings files' `env` (local, project, user), then the environment. */
export async function readToolSearch(projectDir: string | null, env: Record<string, string | undefined>, label: (file: string) => string): Promise<ToolSearchSetting | null> {
  for (const file of toolSearchFiles(projectDir, env)) {
    const value = await toolSearchIn(file);
    if (value !== undefined) return { value, source: label(file) };
  }
  return env.ENABLE_TOOL_SEARCH !== undefined ? { value: env.ENABLE_TOOL_SEARCH, source: "environment" } : null;
}

/** ENABLE_TOOL_SEARCH from a settings file's `env`, or undefined; a file that cannot be read says nothing. */
async function toolSearchIn(file: string): Promise<string | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    return undefined;
  }
  const json = parseJsonText(text);
  if (!json.ok || !isPlainObject(json.value) || !isPlainObject(json.value.env)) return undefined;
  const value = json.value.env.ENABLE_TOOL_SEARCH;
  return typeof value === "string" ? value : typeof value === "number" || typeof value === "boolean" ? String(value) : undefined;
}

async function claudeCodeSettings(opts: ClientSettingsOptions, label: (file: string) => string) {
  const limit = maxDescriptionLengthOf(opts.env);
  const fromEnv = limit !== undefined ? { maxDescriptionLength: limit } : {};
  if (!opts.projectDir) return { settings: fromEnv, read: [] as SettingsRead[], problems: [] as SettingsReadProblem[] };
  const files = await readProjectSettings(opts.projectDir);
  const deny = files.flatMap((f) => f.rules.filter((r) => r.list === "deny").map((r) => ({ rule: r.rule, file: f.label })));
  const problems = files.flatMap((f) =>
    f.error ? [{ file: f.path, ...(f.error.line ? { line: f.error.line, column: f.error.column } : {}), message: `${f.error.message}; its rules are not applied` }] : [],
  );
  const read = files.map((f) => {
    const n = f.rules.filter((r) => r.list === "deny").length;
    return { label: label(f.path), exists: f.exists, took: f.error ? "unreadable" : count(n, "deny rule") };
  });
  return { settings: { deny, ...fromEnv }, read, problems };
}

function codexSettings(loaded: LoadedConfig, label: (file: string) => string) {
  const servers: Record<string, CodexServerToolSettings> = {};
  const files = new Set<string>();
  for (const server of loaded.servers) {
    if (server.source.format !== "codex") continue;
    files.add(server.source.file);
    servers[server.id] = {
      enabled: server.enabled,
      ...(server.codex?.enabledTools ? { enabledTools: server.codex.enabledTools } : {}),
      ...(server.codex?.disabledTools ? { disabledTools: server.codex.disabledTools } : {}),
      file: label(server.source.file),
    };
  }
  const read = [...files].map((file) => {
    const n = loaded.servers.filter((s) => s.source.file === file && (s.codex?.enabledTools || s.codex?.disabledTools)).length;
    return { label: label(file), exists: true, took: `enabled_tools / disabled_tools on ${count(n, "server")}` };
  });
  return { settings: { servers }, read };
}

/** `file` relative to `dir` when inside it, else as given. */
export function relativeLabel(dir: string, file: string): string {
  const rel = path.relative(dir, file);
  return rel && !rel.startsWith("..") && !path.isAbsolute(rel) ? rel : file;
}
