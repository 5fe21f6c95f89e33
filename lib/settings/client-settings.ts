/**
 * A client's own settings that change what it sends (lib/clients: ClientSettings), read for the live
 * fleet, with the files they came from: Claude Code's deny rules in the project's `.claude/settings.json`
 * and `.claude/settings.local.json` and CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH; Codex's `enabled`,
 * `enabled_tools` and `disabled_tools` of each `[mcp_servers.<id>]` of a `config.toml`. Shared by
 * `fleet tools`, `fleet call` and the call routes, so they all see the view the client would send.
 */
import "server-only";

import type { ClientChoice, ClientSettings, CodexServerToolSettings } from "@/lib/clients";
import type { LoadedConfig } from "@/lib/config/types";
import { count } from "@/lib/text/count";
import { readProjectSettings, type SettingsProblem } from "./claude-settings";

/** One file a client's settings were read from. */
export interface SettingsRead {
  /** Absolute path. */
  path: string;
  exists: boolean;
  /** What was taken from it, in words: `1 deny rule`, `enabled_tools / disabled_tools on 2 servers`, `unreadable`. */
  took: string;
}

export interface ReadClientSettings {
  settings: ClientSettings;
  read: SettingsRead[];
  /** Files that could not be read: their rules are not applied. */
  problems: SettingsProblem[];
}

export interface ClientSettingsOptions {
  /** Where the project's `.claude/` is; null: none (the demo fleet, a user-level config). */
  projectDir: string | null;
  /** The environment Claude Code would run in (its description-length variable). */
  env: Record<string, string | undefined>;
  /** How a file is named inside reasons (`config.toml`, `.codex/config.toml`); default: its path. */
  label?: (file: string) => string;
}

export async function readClientSettings(client: ClientChoice, loaded: LoadedConfig, opts: ClientSettingsOptions): Promise<ReadClientSettings> {
  const label = opts.label ?? ((file: string) => file);
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
        file: label(server.source.file),
      };
    }
    const read = [...files].map((file) => {
      const n = loaded.servers.filter((s) => s.source.file === file && (s.codex?.enabledTools || s.codex?.disabledTools)).length;
      return { path: file, exists: true, took: `enabled_tools / disabled_tools on ${count(n, "server")}` };
    });
    return { settings: { codex: { servers } }, read, problems: [] };
  }
  if (!client.startsWith("claude-code")) return { settings: {}, read: [], problems: [] };
  // Claude Code's own environment variable for the description cut, when it is set.
  const limit = Number(opts.env.CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH);
  const fromEnv = Number.isInteger(limit) && limit > 0 ? { maxDescriptionLength: limit } : {};
  if (!opts.projectDir) return { settings: { claudeCode: fromEnv }, read: [], problems: [] };
  const files = await readProjectSettings(opts.projectDir);
  const deny = files.flatMap((f) => f.rules.filter((r) => r.list === "deny").map((r) => ({ rule: r.rule, file: f.label })));
  const read = files.map((f) => ({ path: f.path, exists: f.exists, took: f.error ? "unreadable" : count(f.rules.filter((r) => r.list === "deny").length, "deny rule") }));
  const problems = files.flatMap((f) => (f.error ? [{ ...f.error, file: f.path }] : []));
  return { settings: { claudeCode: { deny, ...fromEnv } }, read, problems };
}
