/**
 * The effective decision of every tool: our rules plus the MCP rules already in the
 * project's Claude Code settings files, under Claude Code's precedence. An existing rule that names
 * exactly a tool or server we manage is superseded: exporting replaces it with ours.
 */
import { evaluate, isMcpRule, ourSourcedRules, ruleName } from "./rules";
import { suggestDecision } from "./suggest";
import type { EffectiveDecision, ExistingRule, OurRule, PermissionTool, RuleDecision, SourcedRule, Suggestion } from "./types";

export interface PermissionRow {
  serverId: string;
  toolName: string;
  claudeCodeName: string;
  excluded: boolean;
  annotations: PermissionTool["annotations"] | null;
  suggestion: Suggestion;
  /** Our rule for this tool (`none` when we have none). */
  ours: RuleDecision;
  /** Our default for its server (`none` when we have none). */
  serverDefault: RuleDecision;
  effective: EffectiveDecision;
}

/** Rule names we manage: every rule of ours, `none` included (a `none` still removes an old exact rule on export). */
export function managedRuleNames(ours: readonly OurRule[], previous: readonly string[] = []): Set<string> {
  return new Set([...ours.map((r) => ruleName(r.serverId, r.toolName)), ...previous]);
}

/** Ours first, then every existing MCP rule that our export would not replace. */
export function combinedRules(ours: readonly OurRule[], existing: readonly ExistingRule[]): SourcedRule[] {
  const managed = managedRuleNames(ours);
  return [
    ...ourSourcedRules(ours),
    ...existing
      .filter((r) => isMcpRule(r.rule) && !managed.has(r.rule))
      .map((r) => ({ rule: r.rule, list: r.list, source: r.file })),
  ];
}

export function permissionRows(tools: readonly PermissionTool[], ours: readonly OurRule[], existing: readonly ExistingRule[]): PermissionRow[] {
  const rules = combinedRules(ours, existing);
  const toolRule = new Map<string, RuleDecision>();
  const serverRule = new Map<string, RuleDecision>();
  for (const r of ours) {
    if (r.toolName === null) serverRule.set(r.serverId, r.decision);
    else toolRule.set(ruleName(r.serverId, r.toolName), r.decision);
  }
  return tools.map((tool) => ({
    serverId: tool.serverId,
    toolName: tool.originalName,
    claudeCodeName: tool.claudeCodeName,
    excluded: tool.excluded !== null && tool.excluded !== undefined,
    annotations: tool.annotations ?? null,
    suggestion: suggestDecision(tool),
    ours: toolRule.get(ruleName(tool.serverId, tool.originalName)) ?? "none",
    serverDefault: serverRule.get(tool.serverId) ?? "none",
    effective: evaluate(tool, rules),
  }));
}
