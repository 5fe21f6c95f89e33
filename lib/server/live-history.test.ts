// The history wired into the live fleet (attach.ts): whoever records into the attached store (the
// manager's announcements, the report and baseline routes), the drift it finds goes out as `history`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import { FleetManager } from "@/lib/fleet/manager";
import { subscribeEvents, type FleetEvent } from "@/lib/server/event-bus";
import { attachHistory, attachedHistoryStore } from "./live-history";
import { fixtureSnapshot } from "@/lib/history/snapshot-fixture.test-util";

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
