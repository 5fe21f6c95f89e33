/**
 * Persistence of the permission rules (docs/permissions.md: they live in the history database,
 * each change recorded): one rule per tool or per server (toolName null), and a change log.
 */
import "server-only";
import type { HistoryStore } from "./store";

export type PermissionDecision = "allow" | "ask" | "deny" | "none";

export interface PermissionRuleRecord {
  serverId: string;
  /** null: the server default. */
  toolName: string | null;
  decision: PermissionDecision;
  updatedAt: string;
}

export interface PermissionRuleChange {
  serverId: string;
  toolName: string | null;
  decision: PermissionDecision;
}

export interface PermissionChangeRecord extends PermissionRuleChange {
  id: number;
  changedAt: string;
  previous: PermissionDecision | null;
}

const DECISIONS = new Set<PermissionDecision>(["allow", "ask", "deny", "none"]);

/** Every stored rule, server defaults first, then by server and tool. `none` is stored as no row. */
export function loadPermissionRules(store: HistoryStore): PermissionRuleRecord[] {
  const rows = store.db
    .prepare(
      "SELECT server_id, tool_name, decision, updated_at FROM permission_rules ORDER BY server_id, tool_name IS NOT NULL, tool_name",
    )
    .all() as { server_id: string; tool_name: string | null; decision: PermissionDecision; updated_at: string }[];
  return rows.map((r) => ({ serverId: r.server_id, toolName: r.tool_name, decision: r.decision, updatedAt: r.updated_at }));
}

/** Applies the changes in one transaction, logging each with its time; `none` removes the rule. */
export function savePermissionRules(store: HistoryStore, changes: PermissionRuleChange[]): void {
  for (const change of changes) {
    if (!DECISIONS.has(change.decision)) throw new Error(`invalid decision "${String(change.decision)}" for ${change.serverId}`);
  }
  const time = store.timestamp();
  const current = store.db.prepare(
    "SELECT decision FROM permission_rules WHERE server_id = ? AND ifnull(tool_name, '') = ifnull(?, '')",
  );
  const remove = store.db.prepare("DELETE FROM permission_rules WHERE server_id = ? AND ifnull(tool_name, '') = ifnull(?, '')");
  const insert = store.db.prepare("INSERT INTO permission_rules (server_id, tool_name, decision, updated_at) VALUES (?, ?, ?, ?)");
  const log = store.db.prepare(
    "INSERT INTO permission_changes (changed_at, server_id, tool_name, previous, decision) VALUES (?, ?, ?, ?, ?)",
  );
  store.db
    .transaction(() => {
      for (const { serverId, toolName, decision } of changes) {
        const before = (current.get(serverId, toolName) as { decision: PermissionDecision } | undefined)?.decision ?? null;
        if ((before ?? "none") === decision) continue;
        remove.run(serverId, toolName);
        if (decision !== "none") insert.run(serverId, toolName, decision, time);
        log.run(time, serverId, toolName, before, decision);
      }
    })
    .immediate();
}

/** The change log, newest first. */
export function loadPermissionChanges(store: HistoryStore, limit = 1000): PermissionChangeRecord[] {
  const rows = store.db
    .prepare("SELECT id, changed_at, server_id, tool_name, previous, decision FROM permission_changes ORDER BY id DESC LIMIT ?")
    .all(limit) as {
    id: number;
    changed_at: string;
    server_id: string;
    tool_name: string | null;
    previous: PermissionDecision | null;
    decision: PermissionDecision;
  }[];
  return rows.map((r) => ({
    id: r.id,
    changedAt: r.changed_at,
    serverId: r.server_id,
    toolName: r.tool_name,
    previous: r.previous,
    decision: r.decision,
  }));
}

export { toolVersions } from "./store";
