/**
 * The rows of the tools page for one client, derived from the fleet index (pure): one row per listed
 * tool with the name that client's model calls it by (or why it is dropped), the fleet's and the
 * client's flags; and the client's maps, forward (name called -> server and original tool) and reverse.
 * For the Agent SDK host they are the FleetSnapshot's `forward` and `reverse`, key for key.
 */
import type { ClientChoice } from "@/lib/clients/choices";
import { compareCodeUnits } from "@/lib/json/values";
import { callNameOf, functionName, type FleetIndex, type IndexTool, type ToolFlag } from "@/lib/server/page-state";

const FLAG_ORDER: ToolFlag[] = ["collided", "renamed", "flattened", "excluded", "cut", "warnings"];

export interface ToolRow {
  key: string;
  serverId: string;
  originalName: string;
  /** The name the chosen client's model calls the tool by; null when that client drops it. */
  name: string | null;
  /** Codex: the namespace and the function's own name. */
  namespace: string | null;
  functionName: string | null;
  exposedName: string | null;
  claudeCodeName: string;
  schemaHash: string;
  flags: ToolFlag[];
  /** Why the client drops it (the first reason), when it does. */
  reason: string | null;
  /** UTF-8 bytes the client sends for it. */
  bytes: number;
  /** Its tokens in full as that client sends it (lib/cost's count); 0 when dropped. */
  tokens: number;
  tool: IndexTool;
}

/** The text the search box matches (the table lower-cases and keeps it at the first keystroke). */
export function searchText(row: ToolRow): string {
  return `${row.name ?? ""} ${row.serverId} ${row.originalName} ${row.exposedName ?? ""} ${row.claudeCodeName}`;
}

const NO_FLAGS: ToolFlag[] = [];

/** The fleet's flags and the client's, in the order the flag options list them. */
function mergeFlags(fleet: ToolFlag[] | undefined, client: ToolFlag[] | undefined): ToolFlag[] {
  if (!fleet) return client ?? NO_FLAGS;
  if (!client) return fleet;
  return FLAG_ORDER.filter((f) => fleet.includes(f) || client.includes(f));
}

export interface ReverseRow {
  key: string;
  serverId: string;
  originalName: string;
  /** The name the client's model calls it by. */
  name: string;
}

export interface AliasMaps {
  forward: Record<string, { serverId: string; originalName: string }>;
  reverse: Record<string, string>;
}

/** Rows already made, by the index entry and client they came from: an event that changes one tool of
 * ten thousand leaves the other entries as they were (applyFleetChange keeps them), and their rows too. */
const made = new WeakMap<IndexTool, Partial<Record<ClientChoice, { row: ToolRow; sortKey: string }>>>();

function rowOf(tool: IndexTool, client: ClientChoice): { row: ToolRow; sortKey: string } {
  const byClient = made.get(tool) ?? {};
  const known = byClient[client];
  if (known) return known;
  const verdict = tool.clients[client];
  const name = callNameOf(tool, client);
  const row: ToolRow = {
    key: tool.key,
    serverId: tool.serverId,
    originalName: tool.originalName,
    name,
    namespace: verdict.namespace ?? null,
    functionName: functionName(verdict),
    exposedName: tool.exposedName,
    claudeCodeName: tool.claudeCodeName,
    schemaHash: tool.schemaHash,
    flags: mergeFlags(tool.flags, verdict.flags),
    reason: verdict.reason ?? null,
    bytes: verdict.bytes,
    tokens: verdict.tokens,
    tool,
  };
  const sortKey = name !== null ? `0${name}\u0000${tool.key}` : `1${tool.serverId}\u0000${tool.originalName}\u0000${tool.key}`;
  byClient[client] = { row, sortKey };
  made.set(tool, byClient);
  return byClient[client]!;
}

/**
 * One row per tool, in the client's own order: the Agent SDK host's is the index's (exposed names); any
 * other client's lists the tools it sends by the name it sends them under, then the ones it drops.
 */
export function toolRows(index: FleetIndex, client: ClientChoice): ToolRow[] {
  const entries = index.tools.map((tool) => rowOf(tool, client));
  if (client === "agent-sdk") return entries.map((m) => m.row);
  // One sort key per row, sorted natively (code-unit order, no comparator calls): 10,000 rows on a
  // page load must not wait for a JavaScript comparator.
  const keys = entries.map((m, i) => `${m.sortKey}\u0000${i}`);
  keys.sort();
  return keys.map((k) => entries[Number(k.slice(k.lastIndexOf("\u0000") + 1))].row);
}

/**
 * Name called -> server and tool, and back, for the tools the client sends. In index order, which for
 * the Agent SDK host is its exposed-name order (the snapshot's); other clients' names are sorted.
 */
export function aliasMaps(index: FleetIndex, client: ClientChoice): AliasMaps {
  const sent = index.tools.filter((t) => callNameOf(t, client) !== null);
  const ordered = client === "agent-sdk" ? sent : [...sent].sort((a, b) => compareCodeUnits(callNameOf(a, client)!, callNameOf(b, client)!));
  const forward: AliasMaps["forward"] = {};
  const reverse: AliasMaps["reverse"] = {};
  for (const tool of ordered) {
    const name = callNameOf(tool, client)!;
    forward[name] = { serverId: tool.serverId, originalName: tool.originalName };
    reverse[`${tool.serverId}:${tool.originalName}`] = name;
  }
  return { forward, reverse };
}

export function reverseRows(index: FleetIndex, client: ClientChoice): ReverseRow[] {
  const rows: ReverseRow[] = [];
  for (const tool of index.tools) {
    const name = callNameOf(tool, client);
    if (name !== null) rows.push({ key: `${tool.serverId}:${tool.originalName}`, serverId: tool.serverId, originalName: tool.originalName, name });
  }
  return rows.sort((a, b) => compareCodeUnits(a.key, b.key));
}
