// A history database that cannot be written (history-recorder.ts, lib/history/db.ts): locked by
// another process, read-only, on a full disk. Each with real processes: the user is told what and
// where, the fleet keeps running, and nothing recorded is lost.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { fixtureSpecPath, rawServerCommand, REPO_ROOT } from "@/e2e/fixtures/fixture-servers";
import { FleetManager } from "@/lib/fleet/manager";
import { HISTORY_DB_FILE } from "@/lib/history/db";
import { fixtureSnapshot } from "@/lib/history/snapshot-fixture.test-util";
import { HistoryStore } from "@/lib/history/store";
import { attachHistory, attachedHistoryStore } from "./live-history";

const scratch = mkdtempSync(join(tmpdir(), "mcp-fleet-recorder-"));
const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Another process holding a write transaction on the file until told to let go. */
async function holdWriteLock(file: string): Promise<{ release: () => Promise<void> }> {
  const script = `const Database = require(${JSON.stringify(join(REPO_ROOT, "node_modules", "better-sqlite3"))});
const db = new Database(${JSON.stringify(file)}); db.exec("BEGIN IMMEDIATE"); process.stdout.write("LOCKED\\n");
process.stdin.once("data", () => { db.exec("COMMIT"); db.close(); process.exit(0); });`;
  const child: ChildProcess = spawn(process.execPath, ["-e", script], { stdio: ["pipe", "pipe", "inherit"] });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk) => String(chunk).includes("LOCKED") && resolve());
    child.once("exit", (code) => reject(new Error(`the lock holder exited (${code})`)));
  });
  const release = async () => {
    if (child.exitCode === null) child.stdin!.write("go\n");
    await exited;
  };
  cleanups.push(release);
  return { release };
}

describe("locked by another process", () => {
  test("the dashboard says so once, keeps the fleet running, and records everything once the lock goes", { timeout: 60_000 }, async () => {
    const dataDir = join(scratch, "locked");
    // A history that exists already (the other process is, say, another dashboard on the same folder).
    HistoryStore.open(dataDir).close();
    const lock = await holdWriteLock(join(dataDir, HISTORY_DB_FILE));

    const manager = new FleetManager({ timeoutMs: 15_000 });
    cleanups.push(() => manager.close());
    attachHistory(manager, dataDir);
    cleanups.push(() => {
      attachedHistoryStore().close();
      delete (globalThis as Record<symbol, unknown>)[Symbol.for("mcp-fleet.history")];
    });
    await manager.start({ servers: [{ id: "basic", transport: "stdio", enabled: true, source: { file: join(scratch, ".mcp.json"), format: "claude-code" }, ...rawServerCommand(fixtureSpecPath("basic")) }], findings: [], files: [] });
    await expect.poll(() => manager.getState().notices.map((n) => n.code), { timeout: 10_000 }).toEqual(["history:unavailable"]);
    const [problem] = manager.getState().notices;
    expect(problem).toMatchObject({ tone: "bad", file: join(dataDir, HISTORY_DB_FILE) });
    expect(problem.message).toBe(
      `Drift is not being recorded: ${join(dataDir, HISTORY_DB_FILE)} is locked by another process (another MCP Fleet, \`mcp-fleet report\`, or a database tool holding a write). The fleet keeps running; the changes wait in memory and are written once it works again (retrying, at least every 30 s).`,
    );
    // The fleet is unaffected, and reads still work (WAL: readers do not wait for a writer).
    expect(manager.getState().servers[0].status).toBe("ready");
    expect(attachedHistoryStore().events()).toEqual([]);
    expect(attachedHistoryStore().observationCount()).toBe(0);

    await lock.release();
    await expect.poll(() => attachedHistoryStore().observationCount(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => manager.getState().notices.map((n) => n.code)).toEqual(["history:unavailable", "history:recovered"]);
    expect(manager.getState().notices[1].message).toBe(`History is recorded again in ${join(dataDir, HISTORY_DB_FILE)}.`);
  });
});

/** Runs history-fault-child.test-util.ts, as another user or under a file-size limit. */
function runChild(args: string[], opts: { uid?: number; gid?: number; ulimitFileBlocks?: number } = {}): Record<string, unknown> {
  const node = [process.execPath, "--conditions=react-server", "--import", "tsx", join(REPO_ROOT, "lib/server/history-fault-child.test-util.ts"), ...args];
  const [command, argv] =
    opts.ulimitFileBlocks !== undefined ? ["/bin/sh", ["-c", `ulimit -f ${opts.ulimitFileBlocks} && exec "$@"`, "sh", ...node]] : [node[0], node.slice(1)];
  const result = spawnSync(command, argv as string[], {
    cwd: REPO_ROOT,
    encoding: "utf8",
    timeout: 60_000,
    ...(opts.uid !== undefined ? { uid: opts.uid, gid: opts.gid } : {}),
  });
  const line = result.stdout.trim().split("\n").at(-1) ?? "";
  if (!line.startsWith("{")) throw new Error(`the child printed no result (exit ${result.status}): ${result.stderr}`);
  return JSON.parse(line) as Record<string, unknown>;
}

describe("read-only", () => {
  test("a history.db nobody may write: a message naming the file, no history, the fleet still runs", { timeout: 60_000 }, async () => {
    const dataDir = join(scratch, "read-only");
    mkdirSync(dataDir);
    const store = HistoryStore.open(dataDir);
    store.record(fixtureSnapshot({ a: [{ name: "one" }] }));
    store.close();
    const file = join(dataDir, HISTORY_DB_FILE);
    const before = statSync(file).mtimeMs;
    // Root writes anywhere: the child runs as nobody then. Otherwise the modes alone make it read-only.
    chmodSync(file, 0o444);
    chmodSync(dataDir, 0o555);
    cleanups.push(() => chmodSync(dataDir, 0o755));
    const other = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    chmodSync(scratch, 0o755); // mkdtemp's 0700 would hide the folder itself from the other user
    const result = runChild(["open", dataDir], other);
    expect(result.fleetOpen).toBe(true);
    expect(result.historyError).toMatch(new RegExp(`^could not open the history database: ${file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")} is read-only \\(the file or its folder cannot be written: .*\\); it was left as it was$`));
    expect(result.notices).toEqual([{ code: "history:unavailable", message: result.historyError }]);
    expect(statSync(file).mtimeMs).toBe(before);
  });
});

describe("a full disk", () => {
  test("the write fails whole, the state waits in memory, the database stays intact", { timeout: 60_000 }, async () => {
    const dataDir = join(scratch, "full");
    const store = HistoryStore.open(dataDir);
    store.record(fixtureSnapshot({ a: [{ name: "one" }] }));
    store.close();
    // RLIMIT_FSIZE: 128 blocks (64 KB under sh's 512-byte unit); the write-ahead log cannot grow past it.
    // A real full disk (a 256 KB tmpfs) gives SQLITE_FULL instead of this SQLITE_IOERR_WRITE; both are said alike.
    const result = runChild(["record", dataDir], { ulimitFileBlocks: 128 });
    expect(result.waiting).toBe(1);
    expect(result.notices).toEqual([
      expect.stringMatching(
        /^Drift is not being recorded: .*history\.db could not be written \(disk I\/O error: the disk may be full, or a file-size limit was reached\)\. The fleet keeps running/,
      ),
    ]);
    const after = HistoryStore.open(dataDir);
    cleanups.push(() => after.close());
    expect(after.db.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(after.observationCount()).toBe(1);
    expect(after.toolVersions("a", "one")).toHaveLength(1);
  });
});
