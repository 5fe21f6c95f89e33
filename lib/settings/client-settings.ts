/**
 * Each client's own settings that change what it sends (docs/clients.md "settings that remove tools"),
 * read once for the dashboard and for `fleet tools`: Claude Code's deny rules from the project's
 * `.claude/settings.json` and `.claude/settings.local.json` and its CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH
 * from the terminal's environment; Codex's `enabled`, `enabled_tools` and `disabled_tools` from the
 * `[mcp_servers.<id>]` tables of a config.toml. Every file read is named, with what was taken from it.
 */
import "server-only";

import path from "node:path";

import type { ClientSettings, CodexServerToolSettings } from "@/lib/clients";
import type { LoadedConfig } from "@/lib/config/types";
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
  problems: SettingsReadProblem[];
}

export interface ClientSettingsOptions {
  /** The environment Claude Code would run with (the terminal's): CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH. */
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
  const claude = await claudeCodeSettings(opts, label);
  return {
    settings: { claudeCode: claude.settings, codex: codex.settings },
    read: { claudeCode: claude.read, codex: codex.read },
    problems: claude.problems,
  };
}

/** Claude Code's own environment variable for the description cut, when the environment sets it. */
export function maxDescriptionLengthOf(env: Record<string, string | undefined>): number | undefined {
  const limit = Number(env.CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH);
  return Number.isInteger(limit) && limit > 0 ? limit : undefined;
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
