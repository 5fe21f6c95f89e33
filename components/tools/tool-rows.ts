/**
 * The rows of the tools page for one client, derived from the fleet index (pure): one row per listed
 * tool with the name that client's model calls it by (or why it is dropped), the fleet's and the
 * client's flags; and the client's maps, forward (name called -> server and original tool) and reverse.
 * For the Agent SDK host they are the FleetSnapshot's `forward` and `reverse`, key for key.
 */
import type { ClientChoice } from "@/lib/clients/choices";
import { compareCodeUnits } from "@/lib/json/values";
import type { FleetIndex, IndexTool, ToolFlag } from "@/lib/server/page-state";

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
  tool: IndexTool;
  /** Lower-cased text the search box matches. */
  search: string;
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

/**
 * One row per tool, in the client's own order: the Agent SDK host's is the index's (exposed names); any
 * other client's lists the tools it sends by the name it sends them under, then the ones it drops.
 */
export function toolRows(index: FleetIndex, client: ClientChoice): ToolRow[] {
  const rows = index.tools.map((tool): ToolRow => {
    const verdict = tool.clients[client];
    const own = new Set<ToolFlag>([...tool.flags, ...verdict.flags]);
    return {
      key: tool.key,
      serverId: tool.serverId,
      originalName: tool.originalName,
      name: verdict.callName,
      namespace: verdict.namespace ?? null,
      functionName: verdict.name ?? null,
      exposedName: tool.exposedName,
      claudeCodeName: tool.claudeCodeName,
      schemaHash: tool.schemaHash,
      flags: FLAG_ORDER.filter((f) => own.has(f)),
      reason: verdict.reason ?? null,
      bytes: verdict.bytes,
      tool,
      search: `${verdict.callName ?? ""} ${tool.serverId} ${tool.originalName} ${tool.exposedName ?? ""} ${tool.claudeCodeName}`.toLowerCase(),
    };
  });
  if (client === "agent-sdk") return rows;
  return rows.sort((a, b) => {
    if (a.name !== null && b.name !== null) return compareCodeUnits(a.name, b.name) || compareCodeUnits(a.key, b.key);
    if (a.name !== null) return -1;
    if (b.name !== null) return 1;
    return compareCodeUnits(a.serverId, b.serverId) || compareCodeUnits(a.originalName, b.originalName) || compareCodeUnits(a.key, b.key);
  });
}

/**
 * Name called -> server and tool, and back, for the tools the client sends. In index order, which for
 * the Agent SDK host is its exposed-name order (the snapshot's); other clients' names are sorted.
 */
export function aliasMaps(index: FleetIndex, client: ClientChoice): AliasMaps {
  const sent = index.tools.filter((t) => t.clients[client].callName !== null);
  const ordered = client === "agent-sdk" ? sent : [...sent].sort((a, b) => compareCodeUnits(a.clients[client].callName!, b.clients[client].callName!));
  const forward: AliasMaps["forward"] = {};
  const reverse: AliasMaps["reverse"] = {};
  for (const tool of ordered) {
    const name = tool.clients[client].callName!;
    forward[name] = { serverId: tool.serverId, originalName: tool.originalName };
    reverse[`${tool.serverId}:${tool.originalName}`] = name;
  }
  return { forward, reverse };
}

export function reverseRows(index: FleetIndex, client: ClientChoice): ReverseRow[] {
  const rows: ReverseRow[] = [];
  for (const tool of index.tools) {
    const name = tool.clients[client].callName;
    if (name !== null) rows.push({ key: `${tool.serverId}:${tool.originalName}`, serverId: tool.serverId, originalName: tool.originalName, name });
  }
  return rows.sort((a, b) => compareCodeUnits(a.key, b.key));
}
