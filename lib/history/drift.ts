/**
 * Drift derivation (issue 5, DESIGN.md "Words": drift): the events between two consecutive
 * observations of one server. Pure and deterministic: events come sorted by tool name, then kind.
 * Rename detection follows mcpproxy-go's warning that renames defeat per-name hash pinning.
 */
import { compareCodeUnits } from "@/lib/json/values";
import { DRIFT_KINDS, type DerivedEvent, type ObservedTool, type ServerObservation, type ToolHashes } from "./types";

const byString = compareCodeUnits;
const KIND_ORDER = new Map(DRIFT_KINDS.map((kind, index) => [kind, index]));

function hashesOf(tool: ObservedTool): ToolHashes {
  return {
    schemaHash: tool.schemaHash,
    descriptionHash: tool.descriptionHash,
    annotationsHash: tool.annotationsHash,
    exposedName: tool.exposedName,
  };
}

/**
 * Events from `before` to `after` (the same server). A removed name and an added name with the
 * same schema hash read as one rename; when several could pair, names pair in sorted order, one to one.
 */
export function deriveEvents(before: ServerObservation, after: ServerObservation): DerivedEvent[] {
  const serverId = after.serverId;
  const old = new Map(before.tools.map((t) => [t.toolName, t]));
  const now = new Map(after.tools.map((t) => [t.toolName, t]));
  const events: DerivedEvent[] = [];
  const event = (kind: DerivedEvent["kind"], toolName: string, details: DerivedEvent["details"]) =>
    events.push({ kind, serverId, toolName, details });

  const removed = [...old.keys()].filter((name) => !now.has(name)).sort(byString);
  const added = [...now.keys()].filter((name) => !old.has(name)).sort(byString);

  // Pair renames: for each added name (sorted), the first still-unpaired removed name with its schema hash.
  const renamedFrom = new Map<string, string>();
  const pairedRemoved = new Set<string>();
  for (const name of added) {
    const schemaHash = now.get(name)!.schemaHash;
    const from = removed.find((r) => !pairedRemoved.has(r) && old.get(r)!.schemaHash === schemaHash);
    if (from !== undefined) {
      renamedFrom.set(name, from);
      pairedRemoved.add(from);
    }
  }

  for (const name of removed) {
    if (pairedRemoved.has(name)) continue;
    const tool = old.get(name)!;
    event("removed", name, { before: hashesOf(tool) });
    if (tool.collidesWith.length > 0) event("collision-gone", name, { collidesWith: tool.collidesWith });
  }

  for (const name of added) {
    const tool = now.get(name)!;
    const from = renamedFrom.get(name);
    if (from !== undefined) {
      const prev = old.get(from)!;
      event("renamed", name, { previousName: from, before: hashesOf(prev), after: hashesOf(tool) });
      compareSameTool(prev, tool, name, event, { skipSchema: true });
    } else {
      event("added", name, { after: hashesOf(tool) });
      if (tool.collidesWith.length > 0) event("collision-appeared", name, { collidesWith: tool.collidesWith });
      if (tool.excluded) event("excluded", name, { after: hashesOf(tool) });
    }
  }

  for (const [name, tool] of now) {
    const prev = old.get(name);
    if (prev) compareSameTool(prev, tool, name, event, { skipSchema: false });
  }

  return events.sort(
    (a, b) => byString(a.toolName, b.toolName) || KIND_ORDER.get(a.kind)! - KIND_ORDER.get(b.kind)!,
  );
}

function compareSameTool(
  prev: ObservedTool,
  tool: ObservedTool,
  name: string,
  event: (kind: DerivedEvent["kind"], toolName: string, details: DerivedEvent["details"]) => void,
  { skipSchema }: { skipSchema: boolean },
): void {
  const details = { before: hashesOf(prev), after: hashesOf(tool) };
  if (!skipSchema && prev.schemaHash !== tool.schemaHash) event("schema-changed", name, details);
  if (prev.descriptionHash !== tool.descriptionHash) event("description-changed", name, details);
  if (prev.annotationsHash !== tool.annotationsHash) event("annotations-changed", name, details);
  if (!prev.excluded && tool.excluded) event("excluded", name, details);
  if (prev.excluded && !tool.excluded) event("included", name, details);
  const wasColliding = prev.collidesWith.length > 0;
  const colliding = tool.collidesWith.length > 0;
  if (!wasColliding && colliding) event("collision-appeared", name, { ...details, collidesWith: tool.collidesWith });
  if (wasColliding && !colliding) event("collision-gone", name, { ...details, collidesWith: prev.collidesWith });
}
