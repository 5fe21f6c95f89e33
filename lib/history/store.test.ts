import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { FleetError } from "@/lib/errors";
import { LATEST_VERSION } from "./migrations";
import { loadPermissionRules, loadPermissionChanges, savePermissionRules } from "./permission-rules";
import { fixtureSnapshot } from "./snapshot-fixture.test-util";
import { HistoryStore } from "./store";

let dir: string;
let clock: number;
const now = () => new Date(Date.UTC(2026, 10, 1) + clock++ * 60_000);
const open = () => HistoryStore.open(dir, { now });
const brief = (events: { kind: string; serverId: string; toolName: string }[]) =>
  events.map((e) => `${e.kind} ${e.serverId}/${e.toolName}`);

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "fleet-history-"));
  clock = 0;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("HistoryStore.record", () => {
  test("a server's first observation is its baseline; an unchanged refresh records nothing", () => {
    const store = open();
    const snapshot = fixtureSnapshot({ a: [{ name: "one" }, { name: "two" }], down: "error" });
    expect(store.record(snapshot)).toEqual({ recorded: ["a"], events: [] });
    expect(store.record(snapshot)).toEqual({ recorded: [], events: [] });
    expect(store.observationCount()).toBe(1);
    store.close();
  });

  test("a changed schema is recorded with its event, and survives a reopen", () => {
    const store = open();
    store.record(fixtureSnapshot({ a: [{ name: "one" }, { name: "two" }], b: [{ name: "x" }] }));
    const result = store.record(
      fixtureSnapshot({ a: [{ name: "one", schema: { type: "object", properties: { q: { type: "string" } } } }, { name: "two" }], b: [{ name: "x" }] }),
    );
    expect(result.recorded).toEqual(["a"]);
    expect(brief(result.events)).toEqual(["schema-changed a/one"]);
    expect(result.events[0].details.before?.schemaHash).not.toBe(result.events[0].details.after?.schemaHash);
    store.close();

    const again = open();
    expect(again.events()).toEqual(result.events);
    again.close();
  });

  test("a name another server starts listing makes a collision on both sides", () => {
    const store = open();
    store.record(fixtureSnapshot({ a: [{ name: "search" }], b: [{ name: "fetch" }] }));
    const { events } = store.record(fixtureSnapshot({ a: [{ name: "search" }], b: [{ name: "fetch" }, { name: "search" }] }));
    expect(brief(events)).toEqual(["collision-appeared a/search", "added b/search", "collision-appeared b/search"]);
    expect(events[0].details.collidesWith).toEqual(["b"]);
  });

  test("onDrift hears every record that found drift, after its commit, and nothing else", () => {
    const told: string[][] = [];
    const store = HistoryStore.open(dir, { now, onDrift: (events) => told.push(brief(events)) });
    store.record(fixtureSnapshot({ a: [{ name: "one" }] }));
    store.record(fixtureSnapshot({ a: [{ name: "one" }] }));
    expect(told).toEqual([]);
    const { events } = store.record(fixtureSnapshot({ a: [{ name: "one", description: "new words" }] }));
    expect(told).toEqual([brief(events)]);
    const broken = fixtureSnapshot({ a: [{ name: "one", description: "newer" }] });
    broken.tools[0].originalInputSchema = { n: 1n };
    expect(() => store.record(broken)).toThrow(/BigInt/);
    expect(told).toHaveLength(1);
    store.close();
  });

  test("a server down for a while is not read as its tools being removed", () => {
    const store = open();
    store.record(fixtureSnapshot({ a: [{ name: "one" }] }));
    expect(store.record(fixtureSnapshot({ a: "error" }))).toEqual({ recorded: [], events: [] });
    expect(store.record(fixtureSnapshot({ a: [{ name: "one" }] }))).toEqual({ recorded: [], events: [] });
  });

  test("two stores on one file (dashboard and `fleet report`) never record the same change twice", () => {
    const dashboard = open();
    const cli = open();
    dashboard.record(fixtureSnapshot({ a: [{ name: "one" }] }));
    const changed = fixtureSnapshot({ a: [{ name: "one", description: "new words" }] });
    expect(brief(cli.record(changed).events)).toEqual(["description-changed a/one"]);
    expect(dashboard.record(changed)).toEqual({ recorded: [], events: [] });
    dashboard.close();
    cli.close();
  });

  test("schemas and descriptions are stored once per distinct hash", () => {
    const store = open();
    const same = { type: "object", properties: { id: { type: "string" } } };
    store.record(fixtureSnapshot({ a: [{ name: "one", schema: same }, { name: "two", schema: same }], b: [{ name: "three", schema: same }] }));
    store.record(fixtureSnapshot({ a: [{ name: "one", schema: same }, { name: "two", schema: same, description: "new words" }], b: [{ name: "three", schema: same }] }));
    const count = (kind: string) =>
      (store.db.prepare("SELECT count(*) AS n FROM blobs WHERE kind = ?").get(kind) as { n: number }).n;
    expect(count("schema")).toBe(1);
    expect(count("description")).toBe(4);
  });
});

describe("queries", () => {
  function seeded() {
    const store = open();
    store.record(fixtureSnapshot({ a: [{ name: "one", description: "Find a file." }], b: [{ name: "x" }] }));
    store.record(
      fixtureSnapshot({
        a: [{ name: "one", description: "Find a file by name.", schema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } }],
        b: [{ name: "x" }, { name: "y" }],
      }),
    );
    store.record(fixtureSnapshot({ a: [{ name: "one", description: "Find a file by name.", schema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } }], b: [{ name: "y" }] }));
    return store;
  }

  test("events filter by kind, server and time, newest first", () => {
    const store = seeded();
    expect(brief(store.events())).toEqual(["removed b/x", "added b/y", "description-changed a/one", "schema-changed a/one"]);
    expect(brief(store.events({ kinds: ["removed", "added"] }))).toEqual(["removed b/x", "added b/y"]);
    expect(brief(store.events({ serverId: "a" }))).toEqual(["description-changed a/one", "schema-changed a/one"]);
    const third = store.events()[0].time;
    expect(brief(store.events({ since: third }))).toEqual(["removed b/x"]);
  });

  test("a tool's versions, and the diff between two of them", () => {
    const store = seeded();
    const versions = store.toolVersions("a", "one");
    expect(versions).toHaveLength(2);
    const diff = store.diff("a", "one", versions[0].id, versions[1].id);
    expect(diff.schema.changes.length).toBeGreaterThan(0);
    expect(diff.schema.changes.map((c) => c.path)).toContain("/properties/name");
    expect(diff.description.parts.filter((p) => p.added).map((p) => p.value.trim())).toContain("by name");
    expect(() => store.diff("a", "one", versions[0].id, 999)).toThrow(/no version 999 of tool "one" on server "a"/);
  });

  test("review: everything unreviewed, marked one by one or all at once", () => {
    const store = seeded();
    const review = store.review();
    expect(review.lastReviewedAt).toBeNull();
    expect(brief(review.events)).toEqual(["schema-changed a/one", "description-changed a/one", "added b/y", "removed b/x"]);
    expect(store.markReviewed([review.events[0].id])).toBe(1);
    expect(store.markReviewed([review.events[0].id])).toBe(0);
    expect(store.review().events).toHaveLength(3);
    expect(store.review().lastReviewedAt).not.toBeNull();
    expect(() => store.markReviewed([12345])).toThrow(/no drift event with id 12345/);
    expect(store.markReviewed("all")).toBe(3);
    expect(store.review().events).toEqual([]);
  });

  test("accepting a baseline marks everything reviewed and remembers the lock file", () => {
    const store = seeded();
    const baseline = store.acceptBaseline("f".repeat(64), "/tmp/project/mcp-fleet.lock.json");
    expect(store.review()).toMatchObject({ events: [], baseline, lastReviewedAt: baseline.time });
  });
});

describe("a database file that cannot be used is refused and left untouched", () => {
  test("a file that is not a database", () => {
    const file = path.join(dir, "history.db");
    writeFileSync(file, "this is not sqlite, just a text file that happens to be long enough to have a header".repeat(20));
    const before = readFileSync(file);
    expect(() => open()).toThrow(FleetError);
    expect(() => open()).toThrow(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} is not a readable MCP Fleet history database`));
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  test("a database from a newer version", () => {
    const file = path.join(dir, "history.db");
    const raw = new Database(file);
    raw.exec("CREATE TABLE future (x)");
    raw.pragma(`user_version = ${LATEST_VERSION + 5}`);
    raw.close();
    const before = readFileSync(file);
    const mtime = statSync(file).mtimeMs;
    expect(() => open()).toThrow(`database version ${LATEST_VERSION + 5}; this version reads up to ${LATEST_VERSION}`);
    expect(() => open()).toThrow(file);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(statSync(file).mtimeMs).toBe(mtime);
  });
});

describe("a crash between two writes leaves the previous state", () => {
  test("a record that throws halfway writes nothing of its batch", () => {
    const store = open();
    store.record(fixtureSnapshot({ a: [{ name: "one" }], b: [{ name: "two" }] }));
    const next = fixtureSnapshot({ a: [{ name: "one", description: "new" }], b: [{ name: "two", description: "new" }] });
    // b's schema cannot be serialized: the throw comes after a's rows were inserted in the same transaction.
    next.tools.find((t) => t.serverId === "b")!.originalInputSchema = { n: 1n };
    expect(() => store.record(next)).toThrow(/BigInt/);
    expect(store.observationCount()).toBe(2);
    expect(store.events()).toEqual([]);
    store.close();
    const again = open();
    expect(again.observationCount()).toBe(2);
    again.close();
  });

  test("a process killed inside a transaction: the db opens cleanly with the state before it", () => {
    const child = spawnSync(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "lib/history/crash-child.test-util.ts", dir],
      { cwd: path.resolve(__dirname, "../.."), encoding: "utf8", timeout: 20_000 },
    );
    expect(child.signal).toBe("SIGKILL");
    expect(child.stdout).toBe("BASELINE\n");
    const store = open();
    expect(store.db.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(store.observationCount()).toBe(2);
    expect(store.events()).toEqual([]);
    // And it still records: the interrupted change goes in whole.
    const { events } = store.record(fixtureSnapshot({ a: [{ name: "one", description: "changed" }], b: [{ name: "two" }] }));
    expect(brief(events)).toEqual(["description-changed a/one"]);
    store.close();
  });
});

describe("permission rules", () => {
  test("saved in one transaction, `none` removes, every change logged", () => {
    const store = open();
    savePermissionRules(store, [
      { serverId: "a", toolName: null, decision: "ask" },
      { serverId: "a", toolName: "one", decision: "allow" },
      { serverId: "b", toolName: "x", decision: "deny" },
    ]);
    savePermissionRules(store, [
      { serverId: "a", toolName: "one", decision: "deny" },
      { serverId: "b", toolName: "x", decision: "none" },
      { serverId: "a", toolName: null, decision: "ask" },
    ]);
    store.close();
    const again = open();
    expect(loadPermissionRules(again).map((r) => [r.serverId, r.toolName, r.decision])).toEqual([
      ["a", null, "ask"],
      ["a", "one", "deny"],
    ]);
    expect(loadPermissionChanges(again).map((c) => `${c.serverId}/${c.toolName}: ${c.previous} -> ${c.decision}`)).toEqual([
      "b/x: deny -> none",
      "a/one: allow -> deny",
      "b/x: null -> deny",
      "a/one: null -> allow",
      "a/null: null -> ask",
    ]);
    again.close();
  });
});
