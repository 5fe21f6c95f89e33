/**
 * Turns a reconciled FleetSnapshot into per-server observations (docs/history.md: an observation
 * whenever a server's tool list differs). Pure: no I/O, deterministic order.
 */
import { compareCodeUnits } from "@/lib/json/values";
import type { FleetSnapshot } from "@/lib/reconcile/types";
import type { ObservedTool, ServerObservation } from "./types";

const byString = compareCodeUnits;

/** One observation per ready server (a server that is down says nothing about its tools). */
export function observeSnapshot(snapshot: FleetSnapshot): ServerObservation[] {
  const ready = snapshot.servers.filter((s) => s.status === "ready").map((s) => s.id);
  const collisionPeers = new Map<string, string[]>();
  for (const group of snapshot.collisions) {
    for (const member of group.members) {
      const peers = group.members.map((m) => m.serverId).filter((id) => id !== member.serverId);
      collisionPeers.set(`${member.serverId}\u0000${group.name}`, [...new Set(peers)].sort(byString));
    }
  }
  const toolsOf = new Map<string, ObservedTool[]>(ready.map((id) => [id, []]));
  for (const tool of snapshot.tools) {
    const list = toolsOf.get(tool.serverId);
    if (!list) continue;
    list.push({
      toolName: tool.originalName,
      schemaHash: tool.schemaHash,
      descriptionHash: tool.descriptionHash,
      annotationsHash: tool.annotationsHash ?? null,
      exposedName: tool.excluded ? null : tool.exposedName,
      excluded: tool.excluded !== null,
      collidesWith: collisionPeers.get(`${tool.serverId}\u0000${tool.originalName}`) ?? [],
    });
  }
  return [...toolsOf.entries()]
    .sort(([a], [b]) => byString(a, b))
    .map(([serverId, tools]) => ({ serverId, tools: dedupeByName(tools) }));
}

/** A server may list one name twice (a spec violation); history keys tools by name, so the first wins. */
function dedupeByName(tools: ObservedTool[]): ObservedTool[] {
  const seen = new Map<string, ObservedTool>();
  for (const tool of tools) if (!seen.has(tool.toolName)) seen.set(tool.toolName, tool);
  return [...seen.values()].sort((a, b) => byString(a.toolName, b.toolName));
}

/** True when the two tool lists are the same for history's purposes (hashes, exposed names, exclusion, collisions). */
export function sameToolList(a: ObservedTool[], b: ObservedTool[]): boolean {
  if (a.length !== b.length) return false;
  const other = new Map(b.map((t) => [t.toolName, t]));
  return a.every((t) => {
    const u = other.get(t.toolName);
    return (
      u !== undefined &&
      u.schemaHash === t.schemaHash &&
      u.descriptionHash === t.descriptionHash &&
      u.annotationsHash === t.annotationsHash &&
      u.exposedName === t.exposedName &&
      u.excluded === t.excluded &&
      u.collidesWith.join(",") === t.collidesWith.join(",")
    );
  });
}

/**
 * A server that is down (failed, or still connecting) says nothing about its tools, so a collision
 * with it is not gone, only unseen: each tool keeps the peers it had among `unavailable` servers.
 * Without this, every failed start of one server read as "collision gone" on its peers, and its
 * return as "collision appeared".
 */
export function keepUnseenPeers(observation: ServerObservation, last: ServerObservation, unavailable: ReadonlySet<string>): ServerObservation {
  if (unavailable.size === 0) return observation;
  const before = new Map(last.tools.map((t) => [t.toolName, t]));
  return {
    ...observation,
    tools: observation.tools.map((tool) => {
      const unseen = (before.get(tool.toolName)?.collidesWith ?? []).filter((peer) => unavailable.has(peer) && !tool.collidesWith.includes(peer));
      return unseen.length === 0 ? tool : { ...tool, collidesWith: [...tool.collidesWith, ...unseen].sort(byString) };
    }),
  };
}
