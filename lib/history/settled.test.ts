// No false drift: history records settled fleets only (attach.ts), and a server that is down hides
// nothing about its peers' collisions (observe.ts keepUnseenPeers). Two real launches of a fleet whose
// servers become ready seconds apart record zero drift events.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { rawServerCommand } from "@/e2e/fixtures/fixture-servers";
import type { ServerConfig } from "@/lib/config/types";
import { FleetManager } from "@/lib/fleet/manager";
import { attachHistory, attachedHistoryStore } from "./attach";
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

describe("two launches of a fleet whose servers become ready seconds apart", () => {
  let specs = 0;
  /** A raw-server that lists `tools` once `startDelayMs` has passed. */
  function delayed(id: string, startDelayMs: number, tools: string[]): ServerConfig {
    const path = join(scratch, `${id}-${++specs}.json`);
    writeFileSync(path, JSON.stringify({ serverInfo: { name: id, version: "1" }, startDelayMs, pages: [tools.map((name) => ({ name, description: `${id} ${name}`, inputSchema: { type: "object", properties: { q: { type: id === "slow" ? "number" : "string" } } } }))] }));
    return { id, transport: "stdio", enabled: true, source: { file: join(scratch, ".mcp.json"), format: "claude-code" }, ...rawServerCommand(path) };
  }
  // search collides across all three (divergent), fetch across fast and slower: partial fleets would make pairs of events.
  const fleet = () => [delayed("fast", 0, ["search", "fetch", "fast_only"]), delayed("slow", 1_500, ["search"]), delayed("slower", 3_000, ["search", "fetch"])];

  async function launch(dataDir: string): Promise<{ announced: number; unsettled: number }> {
    const manager = new FleetManager({ timeoutMs: 20_000 });
    let announced = 0;
    let unsettled = 0;
    manager.subscribe((state) => {
      announced++;
      if (!state.settled) unsettled++;
    });
    attachHistory(manager, dataDir);
    try {
      await manager.start({ servers: fleet(), findings: [], files: [join(scratch, ".mcp.json")] });
      // Let the last announcement reach the recorder.
      await expect.poll(() => attachedHistoryStore().observationCount(), { timeout: 10_000 }).toBeGreaterThan(0);
      return { announced, unsettled };
    } finally {
      await manager.close();
      attachedHistoryStore().close();
      delete (globalThis as Record<symbol, unknown>)[Symbol.for("mcp-fleet.history")];
    }
  }

  test("zero drift events, one observation per server", { timeout: 90_000 }, async () => {
    const dataDir = join(scratch, "two-launches");
    const first = await launch(dataDir);
    const second = await launch(dataDir);
    // The partial fleets were there (and announced) in both launches; none was recorded.
    expect(first.unsettled).toBeGreaterThan(0);
    expect(second.unsettled).toBeGreaterThan(0);
    const store = HistoryStore.open(dataDir);
    try {
      expect(store.events()).toEqual([]);
      expect(store.observationCount()).toBe(3);
    } finally {
      store.close();
    }
  });
});
