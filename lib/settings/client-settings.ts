/**
 * Each client's own settings that change what it sends (docs/clients.md): for Claude Code the deny rules
 * of the project's `.claude/settings.json` and `.claude/settings.local.json`, its description limit and
 * ENABLE_TOOL_SEARCH (deferred or not; from a settings file's `env`, local, then project, then user, else
 * the environment); for Codex each server's `enabled`, `enabled_tools` and `disabled_tools`. Shared by the
 * CLI (`tools`, `cost`, `profiles`, `call`) and the routes (cost, profiles, calls), with the files read named,
 * so each builds the view the client would send.
 */
import "server-only";

import { readFile } from "node:fs/promises";
import path from "node:path";

import type { ClientChoice, ClientSettings, CodexServerToolSettings, ToolSearchSetting } from "@/lib/clients";
import { isDemoConfig, projectDirOf, type LoadedConfig } from "@/lib/config";
import { parseJsonText } from "@/lib/json/json-text";
import { isPlainObject } from "@/lib/json/values";
import { count } from "@/lib/text/count";
import { readProjectSettings } from "./claude-settings";

export interface SettingsRead {
  /** As shown: `.claude/settings.json`, `/p/.codex/config.toml`. */
  label: string;
  exists: boolean;
  /** What was taken from it, e.g. `2 deny rules`. */
  took: string;
}

export interface ClientSettingsRead {
  settings: ClientSettings;
  read: SettingsRead[];
  /** Claude Code: ENABLE_TOOL_SEARCH and where it was set, or null when it is not. */
  toolSearch: ToolSearchSetting | null;
  /** Files that could not be read, each naming its place: shown, never fatal. */
  problems: string[];
}

/** Labels paths from where the user stands (the CLI) or as they are (the dashboard). */
export type Relative = (file: string) => string;

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

/** Where Claude Code would take ENABLE_TOOL_SEARCH from: the settings files' `env` (local, project, user), then the environment. */
export async function readToolSearch(projectDir: string | null, env: Record<string, string | undefined>, relative: Relative): Promise<ToolSearchSetting | null> {
  const files = [
    ...(projectDir ? [path.join(projectDir, ".claude", "settings.local.json"), path.join(projectDir, ".claude", "settings.json")] : []),
    ...(env.HOME ? [path.join(env.HOME, ".claude", "settings.json")] : []),
  ];
  for (const file of files) {
    const value = await toolSearchIn(file);
    if (value !== undefined) return { value, source: relative(file) };
  }
  return env.ENABLE_TOOL_SEARCH !== undefined ? { value: env.ENABLE_TOOL_SEARCH, source: "environment" } : null;
}

export interface ClientSettingsOptions {
  /**
   * Where the project's `.claude/` is, when it is not the config's own project (null: none). A call reads
   * the settings where its permission rules come from: for the demo fleet, its own project in the data
   * folder, which the permissions page writes to.
   */
  projectDir?: string | null;
}

export async function readClientSettings(
  client: ClientChoice,
  loaded: LoadedConfig,
  env: Record<string, string | undefined>,
  relative: Relative,
  opts: ClientSettingsOptions = {},
): Promise<ClientSettingsRead> {
  if (client === "codex") {
    const servers: Record<string, CodexServerToolSettings> = {};
    const files = new Set<string>();
    for (const server of loaded.servers) {
      if (server.source.format !== "codex") continue;
      files.add(server.source.file);
      servers[server.id] = {
        enabled: server.enabled,
        ...(server.codex?.enabledTools ? { enabledTools: server.codex.enabledTools } : {}),
        ...(server.codex?.disabledTools ? { disabledTools: server.codex.disabledTools } : {}),
        file: relative(server.source.file),
      };
    }
    const read = [...files].map((file) => {
      const n = loaded.servers.filter((s) => s.source.file === file && (s.codex?.enabledTools || s.codex?.disabledTools)).length;
      return { label: relative(file), exists: true, took: `enabled_tools / disabled_tools on ${count(n, "server")}` };
    });
    return { settings: { codex: { servers } }, read, toolSearch: null, problems: [] };
  }
  if (!client.startsWith("claude-code")) return { settings: {}, read: [], toolSearch: null, problems: [] };
  // Claude Code's own environment variable for the description cut, when this terminal sets it.
  const limit = Number(env.CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH);
  const fromEnv = Number.isInteger(limit) && limit > 0 ? { maxDescriptionLength: limit } : {};
  const projectDir = opts.projectDir !== undefined ? opts.projectDir : isDemoConfig(loaded) ? null : projectDirOf(loaded);
  const toolSearch = await readToolSearch(projectDir, env, relative);
  if (!projectDir) return { settings: { claudeCode: fromEnv }, read: [], toolSearch, problems: [] };
  const files = await readProjectSettings(projectDir);
  const deny = files.flatMap((f) => f.rules.filter((r) => r.list === "deny").map((r) => ({ rule: r.rule, file: f.label })));
  const problems = files.flatMap((f) =>
    f.error ? [`${path.join(projectDir, f.label)}${f.error.line ? `:${f.error.line}:${f.error.column}` : ""}: ${f.error.message}; its rules are not applied`] : [],
  );
  const read = files.map((f) => {
    const n = f.rules.filter((r) => r.list === "deny").length;
    return { label: relative(f.path), exists: f.exists, took: f.error ? "unreadable" : count(n, "deny rule") };
  });
  return { settings: { claudeCode: { deny, ...fromEnv } }, read, toolSearch, problems };
}
