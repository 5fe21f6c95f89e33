/**
 * The data folder (`.mcp-fleet/` beside the primary config, or MCP_FLEET_DATA): made on first use,
 * with a `.gitignore` of `*` inside, so a project never commits its history database. The lock file
 * lives beside the config, outside this folder, and stays committable (docs/architecture.md "Persistent state").
 */
import "server-only";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DATA_DIR_NAME } from "@/lib/config/paths";

export const DATA_DIR_GITIGNORE = "# Written by MCP Fleet: its history database is local state, never committed.\n*\n";

/**
 * Makes the data folder when it is missing (throws when it cannot). A folder made here, or a
 * `.mcp-fleet` folder an older version made, gets the `.gitignore` when it has none; a folder the user
 * chose and made (MCP_FLEET_DATA) is left as it is. Failing to write the `.gitignore` is not fatal.
 */
export function ensureDataDir(dir: string): void {
  const created = mkdirSync(dir, { recursive: true }) !== undefined;
  const ignore = path.join(dir, ".gitignore");
  if (!(created || path.basename(dir) === DATA_DIR_NAME) || existsSync(ignore)) return;
  try {
    writeFileSync(ignore, DATA_DIR_GITIGNORE, { flag: "wx" });
  } catch {
    // Read-only or raced by another process: the database open that follows reports a folder it cannot use.
  }
}
