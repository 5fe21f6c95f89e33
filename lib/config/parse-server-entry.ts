/**
 * The runtime path (`POST /api/servers`): one entry in Claude Code's `.mcp.json` shape, read with the
 * same rules and expansion as a file entry, so a server added by hand behaves like a configured one.
 */
import "server-only";

import { normalizeJsonEntry } from "./entry";
import type { Env } from "./expand";
import type { ConfigFinding, ConfigSource, ServerConfig } from "./types";

/**
 * Read one `mcpServers` entry. `server` is null only when Claude Code would skip it (a reserved name);
 * an entry that cannot start comes back with `invalid` set and an error finding.
 */
export function parseServerEntry(
  id: string,
  entry: unknown,
  source: ConfigSource,
  env: Env,
): { server: ServerConfig | null; findings: ConfigFinding[] } {
  return normalizeJsonEntry(id, entry, { source, env, projectFile: false });
}
