/**
 * The rows of the tools page, derived from the snapshot (pure): the forward map (one row per tool,
 * exposed or excluded, with its flags) and the reverse map (`server:original` -> exposed name).
 */
import { collidedKeys, toolFlags } from "@/components/cells/tool-flags";
import type { ToolFlag } from "@/components/cells/options";
import type { FleetSnapshot, SnapshotTool } from "@/lib/reconcile/types";

export interface ToolRow {
  key: string;
  exposedName: string | null;
  serverId: string;
  originalName: string;
  claudeCodeName: string;
  schemaHash: string;
  flags: ToolFlag[];
  tool: SnapshotTool;
  /** Lower-cased text the search box matches. */
  search: string;
}

export interface ReverseRow {
  key: string;
  serverId: string;
  originalName: string;
  exposedName: string;
}

export function toolRows(snapshot: FleetSnapshot): ToolRow[] {
  const collided = collidedKeys(snapshot.collisions);
  return snapshot.tools.map((tool) => {
    const flags = toolFlags(tool, collided);
    return {
      key: `${tool.serverId}:${tool.originalName}`,
      exposedName: tool.exposedName,
      serverId: tool.serverId,
      originalName: tool.originalName,
      claudeCodeName: tool.claudeCodeName,
      schemaHash: tool.schemaHash,
      flags,
      tool,
      search: `${tool.exposedName ?? ""} ${tool.serverId} ${tool.originalName} ${tool.claudeCodeName}`.toLowerCase(),
    };
  });
}

export function reverseRows(snapshot: FleetSnapshot): ReverseRow[] {
  return Object.entries(snapshot.reverse)
    .map(([key, exposedName]) => {
      const forward = snapshot.forward[exposedName];
      const cut = key.indexOf(":");
      return {
        key,
        serverId: forward?.serverId ?? key.slice(0, cut),
        originalName: forward?.originalName ?? key.slice(cut + 1),
        exposedName,
      };
    })
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
