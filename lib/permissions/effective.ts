/**
 * The effective decision of every tool (docs/permissions.md): the decision Claude Code makes
 * from our rules as we export them (compiled, so it equals what the user set) plus the MCP rules
 * already in the project's Claude Code settings files. An existing rule that our export replaces
 * is left out: exporting removes it.
 */
import { compileClaudeRules } from "./compile-claude";
import { evaluate, isMcpRule } from "./rules";
import { suggestDecision } from "./suggest";
import { intendedDecision } from "./universe";
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
  /** What the user set: the tool's own rule, else the server default, else `none`. */
  intended: RuleDecision;
  /** What Claude Code decides, and which rule decides it. */
  effective: EffectiveDecision;
}

/** What Claude Code knows about the workspace that changes which rules it reads. */
export interface WorkspaceTrust {
  /**
   * false: the workspace is not trusted, so Claude Code drops the allow rules of the project's shared
   * `.claude/settings.json` (its deny and ask rules still apply; observed). Default true.
   */
  trusted?: boolean;
}

/** The label of the project's shared settings file, as ExistingRule.file names it. */
export const SHARED_PROJECT_SETTINGS = ".claude/settings.json";

/** Our rules as exported, then every existing MCP rule that our export would not replace (and Claude Code reads). */
export function combinedRules(ours: readonly OurRule[], existing: readonly ExistingRule[], tools: readonly PermissionTool[] = [], trust: WorkspaceTrust = {}): SourcedRule[] {
  const compiled = compileClaudeRules(ours, tools);
  const managed = new Set(compiled.managed);
  const dropped = (r: ExistingRule) => trust.trusted === false && r.list === "allow" && r.file === SHARED_PROJECT_SETTINGS;
  return [
    ...compiled.rules.map((r) => ({ rule: r.rule, list: r.list, source: "ours", serverDefault: r.from === "server" })),
    ...existing.filter((r) => isMcpRule(r.rule) && !managed.has(r.rule) && !dropped(r)).map((r) => ({ rule: r.rule, list: r.list, source: r.file })),
  ];
}

export function permissionRows(tools: readonly PermissionTool[], ours: readonly OurRule[], existing: readonly ExistingRule[], trust: WorkspaceTrust = {}): PermissionRow[] {
  const rules = combinedRules(ours, existing, tools, trust);
  const toolRule = new Map<string, RuleDecision>();
  const serverRule = new Map<string, RuleDecision>();
  for (const r of ours) {
    if (r.toolName === null) serverRule.set(r.serverId, r.decision);
    else toolRule.set(`${r.serverId}\u0000${r.toolName}`, r.decision);
  }
  return tools.map((tool) => ({
    serverId: tool.serverId,
    toolName: tool.originalName,
    claudeCodeName: tool.claudeCodeName,
    excluded: tool.excluded !== null && tool.excluded !== undefined,
    annotations: tool.annotations ?? null,
    suggestion: suggestDecision(tool),
    ours: toolRule.get(`${tool.serverId}\u0000${tool.originalName}`) ?? "none",
    serverDefault: serverRule.get(tool.serverId) ?? "none",
    intended: intendedDecision(ours, tool.serverId, tool.originalName).decision,
    effective: evaluate(tool, rules),
  }));
}
