// A SQLite failure in words a user can act on (db.ts describeSqliteError): one line per code.
import { describe, expect, test } from "vitest";
import { describeSqliteError } from "./db";

describe("describeSqliteError", () => {
  test.each([
    ["SQLITE_BUSY", "database is locked", "/d/history.db is locked by another process (another MCP Fleet, `mcp-fleet report`, or a database tool holding a write)"],
    ["SQLITE_READONLY", "attempt to write a readonly database", "/d/history.db is read-only (the file or its folder cannot be written: attempt to write a readonly database)"],
    ["SQLITE_FULL", "database or disk is full", "the disk holding /d/history.db is full (database or disk is full)"],
    ["SQLITE_IOERR_WRITE", "disk I/O error", "/d/history.db could not be written (disk I/O error: the disk may be full, or a file-size limit was reached)"],
    ["SQLITE_CANTOPEN", "unable to open database file", "/d/history.db cannot be opened (unable to open database file: does its folder exist, and can it be written?)"],
    ["EACCES", "permission denied, mkdir '/d'", "/d/history.db cannot be created: its folder is read-only (permission denied, mkdir '/d')"],
  ])("%s", (code, message, expected) => {
    expect(describeSqliteError(Object.assign(new Error(message), { code }), "/d/history.db")).toBe(expected);
  });
});
