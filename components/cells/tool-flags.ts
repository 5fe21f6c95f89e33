/**
 * Derives a tool's flags from the snapshot (docs/fleet-snapshot.md): pure, so the tools
 * table, the filters and the tests agree on what "collided" or "renamed" means.
 */
import type { CollisionGroup, SnapshotTool } from "@/lib/reconcile/types";
import type { ToolFlag } from "./options";

/** `serverId:originalName` of every collision member. */
export function collidedKeys(collisions: CollisionGroup[]): Set<string> {
  const keys = new Set<string>();
  for (const group of collisions) for (const member of group.members) keys.add(`${member.serverId}:${group.name}`);
  return keys;
}

export function toolFlags(tool: SnapshotTool, collided: Set<string>): ToolFlag[] {
  const flags: ToolFlag[] = [];
  if (collided.has(`${tool.serverId}:${tool.originalName}`)) flags.push("collided");
  if (tool.renamed !== null || (tool.exposedName !== null && tool.exposedName !== tool.originalName)) flags.push("renamed");
  if (tool.flattened !== null) flags.push("flattened");
  if (tool.excluded !== null) flags.push("excluded");
  if (tool.warnings.length > 0) flags.push("warnings");
  return flags;
}
