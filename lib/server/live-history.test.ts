// The history wired into the live fleet (live-history.ts): whoever records into the attached store
// (the manager's announcements, the report and baseline routes), the drift it finds goes out as
// `history`; and only settled fleets are recorded, so two real launches of a fleet whose servers
// become ready seconds apart record zero drift events.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { rawServerCommand } from "@/e2e/fixtures/fixture-servers";
import type { ServerConfig } from "@/lib/config/types";
import { FleetManager } from "@/lib/fleet/manager";
import { fixtureSnapshot } from "@/lib/history/snapshot-fixture.test-util";
import { HistoryStore } from "@/lib/history/store";
import { subscribeEvents, type FleetEvent } from "./event-bus";
import { attachHistory, attachedHistoryStore } from "./live-history";

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function attachFresh(): { manager: FleetManager; events: FleetEvent[] } {
  const dir = mkdtempSync(join(tmpdir(), "mcp-fleet-attach-"));
  const manager = new FleetManager();
  attachHistory(manager, dir);
  const events: FleetEvent[] = [];
  const unsubscribe = subscribeEvents((event) => events.push(event));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => manager.close());
  const store = attachedHistoryStore();
  cleanups.push(() => store.close());
  // attachHistory is once per process (globalThis); let the next test attach its own.
  cleanups.push(() => void delete (globalThis as Record<symbol, unknown>)[Symbol.for("mcp-fleet.history")]);
  cleanups.push(unsubscribe);
  return { manager, events };
}

test("a drift recorded outside the manager's announcements (report, accept as baseline) is published live too", () => {
  const { events } = attachFresh();
  const store = attachedHistoryStore();
  store.record(fixtureSnapshot({ weather: [{ name: "get_forecast" }] }));
  expect(events).toEqual([]); // a baseline is not drift
  const { events: recorded } = store.record(fixtureSnapshot({ weather: [{ name: "get_forecast", description: "Reworded." }] }));
  expect(recorded.map((e) => e.kind)).toEqual(["description-changed"]);
  expect(events).toEqual([{ type: "history", data: { events: recorded } }]);
  // Recording the same list again finds nothing and says nothing.
  store.record(fixtureSnapshot({ weather: [{ name: "get_forecast", description: "Reworded." }] }));
  expect(events).toHaveLength(1);
});

const scratch = mkdtempSync(join(tmpdir(), "mcp-fleet-settled-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

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
