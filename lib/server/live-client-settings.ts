/**
 * The live fleet's client settings (lib/settings/client-settings.ts): read at start, read again when the
 * project's `.claude/settings.json` or `.claude/settings.local.json` (or the user's, for ENABLE_TOOL_SEARCH)
 * changes on disk, when the config is reloaded (Codex's tables live in it) and after the dashboard writes
 * a settings file; each time the manager makes every client's view again. A settings file that cannot be read is told once, naming it.
 */
import "server-only";

import type { LoadedConfig } from "@/lib/config";
import { watchConfigFiles } from "@/lib/config";
import type { FleetManager } from "@/lib/fleet/manager";
import { settingsPath, SETTINGS_TARGETS } from "@/lib/settings/claude-settings";
import { formatSettingsProblem, readClientSettings, toolSearchFiles, type ClientSettingsOptions, type ClientSettingsRead } from "@/lib/settings/client-settings";
import { logServerError } from "./log";

export interface ClientSettingsFollower {
  /** What the views were last made with, and the files read. */
  current(): ClientSettingsRead;
  /** Reads again (with the config as it now is, when given) and hands the settings to the manager. */
  refresh(loaded?: LoadedConfig): Promise<void>;
  stop(): void;
}

const EMPTY: ClientSettingsRead = { settings: {}, read: { claudeCode: [], codex: [] }, toolSearch: null, problems: [] };

/** Reads the settings once for the manager's first views; `follow` then keeps them current. */
export async function initialClientSettings(loaded: LoadedConfig, opts: ClientSettingsOptions): Promise<ClientSettingsRead> {
  try {
    return await readClientSettings(loaded, opts);
  } catch (error) {
    logServerError("client settings", error);
    return EMPTY;
  }
}

export function followClientSettings(
  manager: FleetManager,
  initial: { loaded: LoadedConfig; read: ClientSettingsRead },
  opts: ClientSettingsOptions,
  watch: { intervalMs?: number; settleMs?: number } = {},
): ClientSettingsFollower {
  let loaded = initial.loaded;
  let current = initial.read;
  let told = "";
  const tell = (read: ClientSettingsRead) => {
    const text = read.problems.map(formatSettingsProblem).join("; ");
    if (text && text !== told) manager.notify({ tone: "bad", code: "settings:unreadable", message: `Claude Code's view ignores a settings file: ${text}`, file: read.problems[0].file });
    told = text;
  };
  tell(current);
  // One read at a time; a change during one is read by the next.
  let chain: Promise<void> = Promise.resolve();
  const refresh = (next?: LoadedConfig): Promise<void> => {
    if (next) loaded = next;
    chain = chain.then(async () => {
      if (manager.isClosed) return;
      try {
        current = await readClientSettings(loaded, opts);
        tell(current);
        manager.setClientSettings(current.settings);
      } catch (error) {
        logServerError("client settings", error);
      }
    });
    return chain;
  };
  // The deny rules' files, and every file ENABLE_TOOL_SEARCH may come from (the user's settings too).
  const files = [...new Set([...(opts.projectDir ? SETTINGS_TARGETS.map((target) => settingsPath(opts.projectDir!, target)) : []), ...toolSearchFiles(opts.projectDir, opts.env)])];
  const stop = watchConfigFiles(files, () => void refresh(), watch);
  return { current: () => current, refresh, stop };
}
