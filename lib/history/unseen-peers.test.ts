// No false drift: a server that is down hides nothing about its peers' collisions (observe.ts
// keepUnseenPeers). That the live history records settled fleets only is tested with it
// (lib/server/live-history.test.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { fixtureSnapshot } from "./snapshot-fixture.test-util";
import { HistoryStore } from "./store";

const scratch = mkdtempSync(join(tmpdir(), "mcp-fleet-settled-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("a server that is down hides nothing about its peers", () => {
  const stores: HistoryStore[] = [];
  afterEach(() => stores.splice(0).forEach((s) => s.close()));
  const open = (name: string) => {
    const store = HistoryStore.open(join(scratch, name));
    stores.push(store);
    return store;
  };
  const both = { a: [{ name: "search" }, { name: "only_a" }], b: [{ name: "search", description: "b's search" }] };

  test("failed, then back: no collision gone, no collision appeared", () => {
    const store = open("down");
    store.record(fixtureSnapshot(both));
    expect(store.record(fixtureSnapshot({ a: "error", b: both.b })).events).toEqual([]);
    expect(store.record(fixtureSnapshot({ a: "connecting", b: both.b })).events).toEqual([]);
    expect(store.record(fixtureSnapshot(both)).events).toEqual([]);
  });

  test("removed from the config, or its tool gone while it is up: the collision really is gone", () => {
    const store = open("gone");
    store.record(fixtureSnapshot(both));
    expect(store.record(fixtureSnapshot({ b: both.b })).events.map((e) => [e.serverId, e.toolName, e.kind])).toEqual([["b", "search", "collision-gone"]]);
    store.record(fixtureSnapshot(both));
    expect(store.record(fixtureSnapshot({ a: [{ name: "only_a" }], b: both.b })).events.map((e) => [e.serverId, e.toolName, e.kind])).toEqual([
      ["a", "search", "removed"],
      ["a", "search", "collision-gone"],
      ["b", "search", "collision-gone"],
    ]);
  });
});
