/**
 * Reads and writes `mcp-fleet.lock.json` on disk. Writes are atomic (a temporary file in
 * the same folder, then rename), so a crash never leaves half a lock file that CI would trust.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { FleetError } from "@/lib/errors";
import { parseLock, serializeLock, type FleetLock } from "./lock";

/** The lock, or null when the file does not exist; a file that is not a valid lock is a FleetError naming it. */
export function readLockFile(file: string): FleetLock | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new FleetError("unavailable", "lock", `${file}: cannot read the lock file (${(error as Error).message})`);
  }
  const parsed = parseLock(text, file);
  if (!parsed.ok) throw new FleetError("bad_request", "lock", parsed.message);
  return parsed.lock;
}

export function writeLockFile(file: string, lock: FleetLock): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    writeFileSync(temp, serializeLock(lock), { flag: "wx" });
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw new FleetError("unavailable", "lock", `${file}: cannot write the lock file (${(error as Error).message})`);
  }
}
