/**
 * The one tool differ: what changed between two tool lists of one server, with the change names the
 * history stores and `fleet check` prints, and one rename rule (a name gone and a name come with the
 * same schema hash: renames otherwise defeat per-name pinning). Pure; sorted by tool name, then kind.
 */
import { compareCodeUnits } from "@/lib/json/values";
import { DRIFT_KINDS } from "./types";

/** Every change a tool can show: the drift kinds, and a changed exposed name where the peers are unknown. */
export const TOOL_CHANGE_KINDS = [...DRIFT_KINDS, "exposed-name-changed"] as const;
export type ToolChangeKind = (typeof TOOL_CHANGE_KINDS)[number];

/** One tool as the differ compares it. A field left undefined is unknown (the lock file keeps no annotations or peers) and is not compared. */
export interface ToolState {
  toolName: string;
  schemaHash: string;
  descriptionHash: string;
  annotationsHash?: string | null;
  /** null when excluded. */
  exposedName: string | null;
  excluded: boolean;
  /** Other servers listing a tool of the same name (sorted); empty when the name is unique. */
  collidesWith?: string[];
}

export interface ToolChange<T extends ToolState = ToolState> {
  kind: ToolChangeKind;
  toolName: string;
  before?: T;
  after?: T;
  /** renamed: the name the tool had before. */
  previousName?: string;
  /** collision-appeared / collision-gone: the other servers sharing the name (after, resp. before). */
  collidesWith?: string[];
}

const KIND_ORDER = new Map<string, number>(TOOL_CHANGE_KINDS.map((kind, index) => [kind, index]));

/**
 * The changes from `before` to `after`. A removed name and an added name with the same schema hash
 * read as one rename; when several could pair, names pair in sorted order, one to one.
 */
export function diffTools<T extends ToolState>(before: readonly T[], after: readonly T[]): ToolChange<T>[] {
  const old = new Map(before.map((t) => [t.toolName, t]));
  const now = new Map(after.map((t) => [t.toolName, t]));
  const changes: ToolChange<T>[] = [];
  const push = (change: ToolChange<T>) => changes.push(change);

  const removed = [...old.keys()].filter((name) => !now.has(name)).sort(compareCodeUnits);
  const added = [...now.keys()].filter((name) => !old.has(name)).sort(compareCodeUnits);

  const renamedFrom = new Map<string, string>();
  const paired = new Set<string>();
  for (const name of added) {
    const schemaHash = now.get(name)!.schemaHash;
    const from = removed.find((r) => !paired.has(r) && old.get(r)!.schemaHash === schemaHash);
    if (from !== undefined) {
      renamedFrom.set(name, from);
      paired.add(from);
    }
  }

  for (const name of removed) {
    if (paired.has(name)) continue;
    const tool = old.get(name)!;
    push({ kind: "removed", toolName: name, before: tool });
    if (tool.collidesWith?.length) push({ kind: "collision-gone", toolName: name, collidesWith: tool.collidesWith });
  }

  for (const name of added) {
    const tool = now.get(name)!;
    const from = renamedFrom.get(name);
    if (from !== undefined) {
      const prev = old.get(from)!;
      push({ kind: "renamed", toolName: name, previousName: from, before: prev, after: tool });
      compareSameTool(prev, tool, name, push, { renamed: true });
    } else {
      push({ kind: "added", toolName: name, after: tool });
      if (tool.collidesWith?.length) push({ kind: "collision-appeared", toolName: name, collidesWith: tool.collidesWith });
      if (tool.excluded) push({ kind: "excluded", toolName: name, after: tool });
    }
  }

  for (const [name, tool] of now) {
    const prev = old.get(name);
    if (prev) compareSameTool(prev, tool, name, push, { renamed: false });
  }

  return changes.sort((a, b) => compareCodeUnits(a.toolName, b.toolName) || KIND_ORDER.get(a.kind)! - KIND_ORDER.get(b.kind)!);
}

function compareSameTool<T extends ToolState>(
  prev: T,
  tool: T,
  toolName: string,
  push: (change: ToolChange<T>) => void,
  { renamed }: { renamed: boolean },
): void {
  const pair = { toolName, before: prev, after: tool };
  if (!renamed && prev.schemaHash !== tool.schemaHash) push({ kind: "schema-changed", ...pair });
  if (prev.descriptionHash !== tool.descriptionHash) push({ kind: "description-changed", ...pair });
  if (prev.annotationsHash !== undefined && tool.annotationsHash !== undefined && prev.annotationsHash !== tool.annotationsHash) {
    push({ kind: "annotations-changed", ...pair });
  }
  if (!prev.excluded && tool.excluded) push({ kind: "excluded", ...pair });
  if (prev.excluded && !tool.excluded) push({ kind: "included", ...pair });
  const peers = tool.collidesWith ?? [];
  if (prev.collidesWith !== undefined) {
    if (prev.collidesWith.length === 0 && peers.length > 0) push({ kind: "collision-appeared", ...pair, collidesWith: peers });
    if (prev.collidesWith.length > 0 && peers.length === 0) push({ kind: "collision-gone", ...pair, collidesWith: prev.collidesWith });
  } else if (prev.excluded === tool.excluded && (renamed ? peers.length > 0 : prev.exposedName !== tool.exposedName)) {
    // The peers before are unknown: a changed exposed name is all there is to see (a rename changes it
    // anyway), a collision when the name now has peers.
    push(peers.length > 0 ? { kind: "collision-appeared", ...pair, collidesWith: peers } : { kind: "exposed-name-changed", ...pair });
  }
}
