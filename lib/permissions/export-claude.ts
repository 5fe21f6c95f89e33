/**
 * Claude Code export (docs/clients.md): `{ permissions: { allow, ask, deny } }` with
 * `mcp__<server>__<tool>` names and the bare `mcp__<server>` for a server default. Never a glob,
 * so never an unanchored allow glob; an excluded tool is never allowed (it goes to ask instead).
 */
import { compare, ruleName, sortRules } from "./rules";
import type { ClaudePermissions, OurRule, PermissionTool } from "./types";

export interface ClaudeExport {
  permissions: ClaudePermissions;
  /** Every rule name we manage (`none` included): the merge replaces these in a settings file. */
  managed: string[];
  warnings: string[];
}

const sorted = (values: Iterable<string>) => [...new Set(values)].sort(compare);

export function exportClaude(ours: readonly OurRule[], tools: readonly PermissionTool[]): ClaudeExport {
  const lists = { allow: new Set<string>(), ask: new Set<string>(), deny: new Set<string>() };
  const warnings: string[] = [];
  const excluded = tools.filter((t) => t.excluded != null);
  const ownRule = new Map(ours.filter((r) => r.toolName !== null).map((r) => [ruleName(r.serverId, r.toolName), r.decision]));

  for (const r of sortRules(ours)) {
    if (r.decision === "none") continue;
    const name = ruleName(r.serverId, r.toolName);
    const isExcluded = r.toolName !== null && excluded.some((t) => t.serverId === r.serverId && t.originalName === r.toolName);
    if (r.decision === "allow" && isExcluded) {
      lists.ask.add(name);
      warnings.push(`${r.serverId}:${r.toolName} is excluded from the fleet, so it is exported as ask, not allow`);
      continue;
    }
    lists[r.decision].add(name);
    if (r.toolName === null && r.decision === "allow") {
      // The bare server rule would allow its excluded tools too; an ask rule wins over it in Claude Code.
      for (const t of excluded.filter((x) => x.serverId === r.serverId)) {
        const own = ownRule.get(t.claudeCodeName);
        if (own !== undefined && own !== "none") continue;
        lists.ask.add(ruleName(t.serverId, t.originalName));
        warnings.push(`${t.serverId}:${t.originalName} is excluded from the fleet, so the server-wide allow is overridden with ask for it`);
      }
    }
  }
  return {
    permissions: { allow: sorted(lists.allow), ask: sorted(lists.ask), deny: sorted(lists.deny) },
    managed: sorted(ours.map((r) => ruleName(r.serverId, r.toolName))),
    warnings: sorted(warnings),
  };
}

/** The export as a standalone settings file (the download). */
export function claudeSettingsText(exported: ClaudeExport): string {
  return `${JSON.stringify({ permissions: exported.permissions }, null, 2)}\n`;
}
