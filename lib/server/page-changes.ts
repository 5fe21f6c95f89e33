/**
 * What changed between two indexes of the fleet (lib/server/page-state.ts `FleetChange`): the servers
 * and tools whose entries differ, the small fields that differ, whole. A `fleet` event carries this
 * instead of the whole state, so one server's list_changed costs that server's tools, not the fleet.
 */
import "server-only";

import type { BuiltIndex } from "./page-index";
import { SCALAR_KEYS, type FleetChange, type IndexServer } from "./page-state";

/** The change from `before` to `after`; `applyFleetChange(before.index, change)` gives `after.index`. */
export function diffFleetIndex(before: BuiltIndex, after: BuiltIndex): FleetChange {
  const a = before.index;
  const b = after.index;
  const change: FleetChange = { epoch: b.epoch, version: b.version, base: a.version, generatedAt: b.generatedAt };
  for (const key of SCALAR_KEYS) {
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) (change as unknown as Record<string, unknown>)[key] = b[key];
  }

  const oldServers = new Map(a.servers.map((s) => [s.id, JSON.stringify(s)]));
  const changedServers: IndexServer[] = b.servers.filter((s) => oldServers.get(s.id) !== JSON.stringify(s));
  const order = b.servers.map((s) => s.id);
  if (changedServers.length > 0 || order.join("\u0000") !== a.servers.map((s) => s.id).join("\u0000")) {
    change.servers = { changed: changedServers, order };
  }

  const changed = b.tools.filter((t) => before.toolJson.get(t.key) !== after.toolJson.get(t.key));
  const removed = a.tools.filter((t) => !after.toolJson.has(t.key)).map((t) => t.key);
  if (changed.length > 0 || removed.length > 0) change.tools = { changed, removed };
  return change;
}
