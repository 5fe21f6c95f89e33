/**
 * Opens history.db: WAL, foreign keys, a busy timeout, versioned migrations. A file that
 * is not a database, or one written by a newer version, is refused with a clear error and left as is.
 */
import "server-only";
import Database from "better-sqlite3";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { FleetError } from "@/lib/errors";
import { ensureDataDir } from "./data-dir";
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
    const code = String((error as { code?: unknown } | null)?.code ?? "");
    if (code.startsWith("SQLITE_READONLY") || code.startsWith("SQLITE_CANTOPEN") || code.startsWith("SQLITE_BUSY")) {
      // The file may be fine: we may not write beside it (WAL needs its -shm file) or someone holds it.
      throw new FleetError("unavailable", "history", `could not open the history database: ${describeSqliteError(error, file)}; it was left as it was`);
    }
    throw new FleetError(
      "unavailable",
      "history",
      `${file} is not a readable MCP Fleet history database (${describe(error)}); it was left untouched: move it aside to start a new history`,
    );
  } finally {
    probe?.close();
  }
}

/**
 * A SQLite failure on `file` in words a user can act on: who holds the lock, what is read-only,
 * which disk is full. The code comes from better-sqlite3's SqliteError (`SQLITE_BUSY`, ...).
 */
export function describeSqliteError(error: unknown, file: string): string {
  const code = String((error as { code?: unknown } | null)?.code ?? "");
  const detail = describe(error);
  if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) {
    return `${file} is locked by another process (another MCP Fleet, \`mcp-fleet report\`, or a database tool holding a write)`;
  }
  if (code.startsWith("SQLITE_READONLY")) return `${file} is read-only (the file or its folder cannot be written: ${detail})`;
  if (code === "SQLITE_FULL") return `the disk holding ${file} is full (${detail})`;
  if (code.startsWith("SQLITE_IOERR")) return `${file} could not be written (${detail}: the disk may be full, or a file-size limit was reached)`;
  if (code.startsWith("SQLITE_CANTOPEN")) return `${file} cannot be opened (${detail}: does its folder exist, and can it be written?)`;
  if (code.startsWith("SQLITE_CORRUPT") || code === "SQLITE_NOTADB") return `${file} is damaged or not a database (${detail})`;
  const errno = (error as NodeJS.ErrnoException | null)?.code;
  if (errno === "EACCES" || errno === "EPERM" || errno === "EROFS") return `${file} cannot be created: its folder is read-only (${detail})`;
  if (errno === "ENOSPC") return `the disk holding ${file} is full (${detail})`;
  return `${file}: ${detail}`;
}

export interface OpenOptions {
  /** How long a write waits for another process's lock before SQLITE_BUSY. Default 5 s (the CLI can wait; the live dashboard should not block). */
  busyTimeoutMs?: number;
}

export function openDatabase(file: string, options: OpenOptions = {}): Db {
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
  }
  try {
    ensureDataDir(path.dirname(file));
  } catch (error) {
    throw new FleetError("unavailable", "history", `${describeSqliteError(error, file)}; the fleet runs without history: choose a writable data folder with MCP_FLEET_DATA`);
  }
  let db: Db;
  try {
    db = new Database(file);
  } catch (error) {
    throw new FleetError("unavailable", "history", `${describeSqliteError(error, file)}; the fleet runs without history: choose a writable data folder with MCP_FLEET_DATA`);
  }
  try {
    db.pragma(`busy_timeout = ${Math.max(0, Math.round(options.busyTimeoutMs ?? 5000))}`);
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.pragma("foreign_keys = ON");
    migrate(db);
  } catch (error) {
    db.close();
    if (error instanceof FleetError) throw error;
    throw new FleetError("unavailable", "history", `could not open the history database: ${describeSqliteError(error, file)}; it was left as it was`);
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
