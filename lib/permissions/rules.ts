/**
 * Claude Code permission-rule matching for MCP tools (docs/clients.md): exact `mcp__s__t`,
 * bare `mcp__s`, globs anchored after a literal `mcp__s__`, and for deny/ask also unanchored `*` /
 * `mcp__*`. Evaluation is deny, then ask, then allow; the first match wins whatever its specificity.
 */
import { compareCodeUnits } from "@/lib/json/values";
import { claudeCodeName, sanitizeNamePart } from "@/lib/reconcile/names";
import type { EffectiveDecision, OurRule, PermissionTool, RuleList, SourcedRule } from "./types";

export const LIST_ORDER: readonly RuleList[] = ["deny", "ask", "allow"];

/**
 * The Claude Code name of a tool (`mcp__<server>__<tool>`) or, with no tool, the bare server rule, both
 * sanitized as Claude Code sends them: a rule on `mcp__fs__files.read` matches nothing, `mcp__fs__files_read` does.
 */
export function ruleName(serverId: string, toolName: string | null): string {
  return toolName === null ? `mcp__${sanitizeNamePart(serverId)}` : claudeCodeName(serverId, toolName);
}

/** Rules that can concern an MCP tool: `mcp__...`, or a bare `*` (which deny/ask apply to every tool). */
export function isMcpRule(rule: string): boolean {
  return rule.startsWith("mcp__") || rule === "*";
}

export function hasGlob(rule: string): boolean {
  return rule.includes("*");
}

/** True when the text before the first `*` is a literal `mcp__<server>__`: the only glob Claude Code honours in allow. */
export function isAnchoredGlob(rule: string): boolean {
  const star = rule.indexOf("*");
  if (star < 0) return true;
  const prefix = rule.slice(0, star);
  return /^mcp__.+?__/.test(prefix);
}

/** Why Claude Code would skip this rule in this list, or null when it applies. */
export function ignoredReason(rule: string, list: RuleList): string | null {
  if (rule.includes("(") && rule.startsWith("mcp__")) {
    return "parameter patterns on MCP rules are not documented to apply; Claude Code may skip it";
  }
  if (list === "allow" && hasGlob(rule) && !isAnchoredGlob(rule)) {
    return "an allow glob must start with a literal mcp__<server>__; Claude Code ignores this one and approves nothing";
  }
  return null;
}

function globToRegExp(glob: string): RegExp {
  const body = glob
    .split("*")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${body}$`);
}

/** Does this rule, in this list, match this tool under Claude Code's semantics? */
export function ruleMatches(rule: string, list: RuleList, tool: Pick<PermissionTool, "serverId" | "claudeCodeName">): boolean {
  if (ignoredReason(rule, list) !== null) return false;
  if (hasGlob(rule)) return globToRegExp(rule).test(tool.claudeCodeName);
  return rule === tool.claudeCodeName || rule === ruleName(tool.serverId, null);
}

/** Tool rules before server defaults, each by server then tool: a stable order for reasons and exports. */
export function sortRules<T extends Pick<OurRule, "serverId" | "toolName">>(rules: readonly T[]): T[] {
  return [...rules].sort(
    (a, b) =>
      compare(a.serverId, b.serverId) ||
      Number(a.toolName === null) - Number(b.toolName === null) ||
      compare(a.toolName ?? "", b.toolName ?? ""),
  );
}

/** Code-unit order (lib/json), under the name the permissions modules use. */
export const compare = compareCodeUnits;

function describeSource(rule: SourcedRule): string {
  if (rule.source !== "ours") return rule.source;
  return rule.serverDefault ? "our server default" : "our rule";
}

/** Claude Code's decision for one tool: deny, then ask, then allow, first match wins. */
export function evaluate(tool: Pick<PermissionTool, "serverId" | "claudeCodeName">, rules: readonly SourcedRule[]): EffectiveDecision {
  for (const list of LIST_ORDER) {
    const hit = rules.find((r) => r.list === list && ruleMatches(r.rule, r.list, tool));
    if (hit) return { decision: list, rule: hit, why: `${list} "${hit.rule}" (${describeSource(hit)})` };
  }
  return { decision: "none", rule: null, why: "no rule matches: Claude Code asks" };
}
