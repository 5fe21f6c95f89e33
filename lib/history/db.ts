/**
 * Opens history.db: WAL, foreign keys, a busy timeout, versioned migrations. A file that
 * is not a database, or one written by a newer version, is refused with a clear error and left as is.
 */
import "server-only";
import Database from "better-sqlite3";
import { existsSync, mkdirSync, statSync } from "node:fs";
import path from "node:path";
import { FleetError } from "@/lib/errors";
import { LATEST_VERSION, MIGRATIONS } from "./migrations";

export type Db = Database.Database;

export const HISTORY_DB_FILE = "history.db";

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Reads user_version without writing anything, so a refused file stays byte-for-byte as it was. */
function probeVersion(file: string): number {
  let probe: Db | undefined;
  try {
    probe = new Database(file, { readonly: true, fileMustExist: true });
    probe.pragma("schema_version", { simple: true }); // reads page 1: fails on a file that is not a database
    return probe.pragma("user_version", { simple: true }) as number;
  } catch (error) {
    throw new FleetError(
      "unavailable",
      "history",
      `${file} is not a readable MCP Fleet history database (${describe(error)}); it was left untouched: move it aside to start a new history`,
    );
  } finally {
    probe?.close();
  }
}

export function openDatabase(file: string): Db {
  const exists = existsSync(file) && statSync(file).size > 0;
  if (exists) {
    const version = probeVersion(file);
    if (version > LATEST_VERSION) {
      throw new FleetError(
        "unavailable",
        "history",
        `${file} was written by a newer MCP Fleet (database version ${version}; this version reads up to ${LATEST_VERSION}); it was left untouched: upgrade MCP Fleet or use another data folder (MCP_FLEET_DATA)`,
      );
    }
  } else {
    mkdirSync(path.dirname(file), { recursive: true });
  }
  const db = new Database(file);
  try {
    db.pragma("busy_timeout = 5000");
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.pragma("foreign_keys = ON");
    migrate(db);
  } catch (error) {
    db.close();
    if (error instanceof FleetError) throw error;
    throw new FleetError("unavailable", "history", `${file}: could not open the history database (${describe(error)})`);
  }
  return db;
}

/** Applies each pending migration in its own transaction with its user_version bump. */
function migrate(db: Db): void {
  const current = db.pragma("user_version", { simple: true }) as number;
  for (let version = current + 1; version <= LATEST_VERSION; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version - 1]);
      db.pragma(`user_version = ${version}`);
    }).immediate();
  }
}
