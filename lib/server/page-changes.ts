/**
 * What changed between two indexes of the fleet (lib/server/page-state.ts `FleetChange`): the servers
 * and tools whose entries differ, the small fields that differ, whole. A `fleet` event carries this
 * instead of the whole state, so one server's list_changed costs that server's tools, not the fleet.
 */
import "server-only";

import type { BuiltIndex } from "./page-index";
import { compareIndexTools, SCALAR_KEYS, type FleetChange, type IndexServer, type IndexTool } from "./page-state";

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

  // A part the new build kept is the same object: none of its tools changed. Keys name their server, so
  // the others are compared part by part.
  const changed: IndexTool[] = [];
  const removed: IndexTool[] = [];
  for (const [serverId, part] of after.parts) {
    const old = before.parts.get(serverId);
    if (old === part) continue;
    const oldJson = new Map(old?.entries.map((entry, i) => [entry.key, old.json[i]]));
    part.entries.forEach((entry, i) => {
      if (oldJson.get(entry.key) !== part.json[i]) changed.push(entry);
      oldJson.delete(entry.key);
    });
    if (old) for (const entry of old.entries) if (oldJson.has(entry.key)) removed.push(entry);
  }
  for (const [serverId, old] of before.parts) if (!after.parts.has(serverId)) removed.push(...old.entries);
  if (changed.length > 0 || removed.length > 0) {
    // In index order, as the indexes list them.
    change.tools = { changed: changed.sort(compareIndexTools), removed: removed.sort(compareIndexTools).map((t) => t.key) };
  }
  return change;
}
