/**
 * Where a fleet keeps its state (docs/architecture.md "Persistent state"): the project folder of the primary
 * config, the `.mcp-fleet/` data folder beside it (or `MCP_FLEET_DATA`), and `mcp-fleet.lock.json`.
 * The demo fleet keeps its data in `<MCP Fleet root>/.mcp-fleet/demo`, never beside a user's config or
 * in the folder a command was run from.
 */
import "server-only";

import path from "node:path";

import { detectFormat, projectFolderOfFile } from "./parse-config";
import type { LoadedConfig } from "./types";

export const DATA_DIR_NAME = ".mcp-fleet";
export const LOCK_FILE_NAME = "mcp-fleet.lock.json";

/** The demo fleet: no config files, or servers that come from the built-in demo. */
export function isDemoConfig(loaded: LoadedConfig): boolean {
  return loaded.files.length === 0 || loaded.servers.some((server) => server.source.format === "demo");
}

function primaryFile(loaded: LoadedConfig): string | undefined {
  return loaded.files[0] === undefined ? undefined : path.resolve(loaded.files[0]);
}

/**
 * The project folder of the primary config: the folder holding `.mcp.json`, or the parent of
 * `.cursor/`, `.vscode/`, `.codex/`; else the project the entries were chosen for; else null.
 */
export function projectDirOf(loaded: LoadedConfig): string | null {
  if (isDemoConfig(loaded)) return loaded.projectDir ?? null;
  const primary = primaryFile(loaded);
  if (primary === undefined) return loaded.projectDir ?? null;
  const format = loaded.servers.find((server) => path.resolve(server.source.file) === primary)?.source.format ?? detectFormat(primary);
  return projectFolderOfFile(primary, format) ?? loaded.projectDir ?? null;
}

/**
 * The folder the primary config's state lives in: its own, except for `~/.claude.json` read for a
 * project (its entry for that project), whose state belongs to the project, not to the home folder.
 */
function stateDirOf(loaded: LoadedConfig, primary: string): string {
  if (loaded.projectDir !== undefined && detectFormat(primary) === "claude-user") return path.resolve(loaded.projectDir);
  return path.dirname(primary);
}

/**
 * `MCP_FLEET_DATA`, else `<primary config dir>/.mcp-fleet`; the demo fleet:
 * `<MCP_FLEET_ROOT or cwd>/.mcp-fleet/demo` (the launcher and the CLI set MCP_FLEET_ROOT to the checkout).
 */
export function dataDirOf(loaded: LoadedConfig, env: Record<string, string | undefined>): string {
  const fromEnv = env.MCP_FLEET_DATA;
  if (fromEnv) return path.resolve(fromEnv);
  const primary = primaryFile(loaded);
  if (isDemoConfig(loaded) || primary === undefined) return path.join(env.MCP_FLEET_ROOT ?? process.cwd(), DATA_DIR_NAME, "demo");
  return path.join(stateDirOf(loaded, primary), DATA_DIR_NAME);
}

/**
 * `mcp-fleet.lock.json` beside the primary config. The demo fleet has no config of its own: its lock
 * lives in its data folder (pass `env` so `MCP_FLEET_DATA` is honoured), so a demo run never writes
 * into the repository root.
 */
export function lockFileOf(loaded: LoadedConfig, env?: Record<string, string | undefined>): string | null {
  // Always a path today; `| null` stays in the signature the other modules were written against.
  const primary = primaryFile(loaded);
  if (isDemoConfig(loaded) || primary === undefined) return path.join(dataDirOf(loaded, env ?? {}), LOCK_FILE_NAME);
  return path.join(stateDirOf(loaded, primary), LOCK_FILE_NAME);
}
