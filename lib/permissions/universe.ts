/**
 * The tools an export speaks about: every snapshot tool of a server we have a rule for, plus tools
 * our rules name that the snapshot does not list (a server that is down keeps its rules). Sorted,
 * with each tool's decision under our rules alone and Claude Code's precedence.
 */
import { compare, evaluate, ourSourcedRules, ruleName } from "./rules";
import type { EffectiveDecision, OurRule, PermissionTool } from "./types";

export interface ExportTool {
  serverId: string;
  toolName: string;
  excluded: boolean;
  /** Decided by our rules only. */
  effective: EffectiveDecision;
}

export function exportUniverse(ours: readonly OurRule[], tools: readonly PermissionTool[]): ExportTool[] {
  const servers = new Set(ours.filter((r) => r.decision !== "none").map((r) => r.serverId));
  const byKey = new Map<string, { serverId: string; toolName: string; excluded: boolean }>();
  for (const t of tools) {
    if (!servers.has(t.serverId)) continue;
    byKey.set(ruleName(t.serverId, t.originalName), { serverId: t.serverId, toolName: t.originalName, excluded: t.excluded != null });
  }
  for (const r of ours) {
    if (r.toolName === null || r.decision === "none") continue;
    const key = ruleName(r.serverId, r.toolName);
    if (!byKey.has(key)) byKey.set(key, { serverId: r.serverId, toolName: r.toolName, excluded: false });
  }
  const rules = ourSourcedRules(ours);
  return [...byKey.values()]
    .sort((a, b) => compare(a.serverId, b.serverId) || compare(a.toolName, b.toolName))
    .map((t) => ({ ...t, effective: evaluate({ serverId: t.serverId, claudeCodeName: ruleName(t.serverId, t.toolName) }, rules) }));
}

export function serverDefaults(ours: readonly OurRule[]): Map<string, OurRule["decision"]> {
  return new Map(ours.filter((r) => r.toolName === null && r.decision !== "none").map((r) => [r.serverId, r.decision]));
}
