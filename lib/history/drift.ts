/**
 * Drift (docs/history.md): the events between two consecutive observations of one server,
 * as the one tool differ (tool-diff.ts) names them, each with the hashes before and after.
 */
import { diffTools } from "./tool-diff";
import type { DerivedEvent, DriftKind, ObservedTool, ServerObservation, ToolHashes } from "./types";

function hashesOf(tool: ObservedTool): ToolHashes {
  return {
    schemaHash: tool.schemaHash,
    descriptionHash: tool.descriptionHash,
    annotationsHash: tool.annotationsHash,
    exposedName: tool.exposedName,
  };
}

/** Events from `before` to `after` (the same server), sorted by tool name, then kind. */
export function deriveEvents(before: ServerObservation, after: ServerObservation): DerivedEvent[] {
  return diffTools(before.tools, after.tools).map((change) => ({
    // Both sides know every field, so the differ's lock-only kind never comes up here.
    kind: change.kind as DriftKind,
    serverId: after.serverId,
    toolName: change.toolName,
    details: {
      ...(change.before ? { before: hashesOf(change.before) } : {}),
      ...(change.after ? { after: hashesOf(change.after) } : {}),
      ...(change.previousName !== undefined ? { previousName: change.previousName } : {}),
      ...(change.collidesWith ? { collidesWith: change.collidesWith } : {}),
    },
  }));
}
