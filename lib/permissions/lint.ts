/**
 * Lint of permission rules: stale rules naming a tool or server that no
 * longer exists, allow/ask rules shadowed by a deny/ask that also matches (Claude Code checks deny,
 * then ask, then allow), allow globs Claude Code ignores, and tools changed since they were allowed.
 */
import { combinedRules } from "./effective";
import { compare, hasGlob, ignoredReason, LIST_ORDER, ruleMatches, ruleName } from "./rules";
import type { AllowHistory, ExistingRule, LintFinding, OurRule, PermissionServer, PermissionTool, SourcedRule, ToolVersion } from "./types";

export interface LintInput {
  tools: readonly PermissionTool[];
  servers: readonly PermissionServer[];
  ours: readonly OurRule[];
  existing: readonly ExistingRule[];
  /** When each allowed tool was allowed and its hash timeline (from the history database). */
  history?: readonly AllowHistory[];
}

function serverOfRule(rule: string, servers: readonly PermissionServer[]): PermissionServer | null {
  // Longest id first: with ids `a` and `a__b`, `mcp__a__b__t` belongs to `a__b`.
  const byLength = [...servers].sort((x, y) => y.id.length - x.id.length || compare(x.id, y.id));
  return byLength.find((s) => rule === ruleName(s.id, null) || rule.startsWith(`${ruleName(s.id, null)}__`)) ?? null;
}

function staleMessage(rule: SourcedRule, input: LintInput): string | null {
  if (rule.rule === "*" || rule.rule === "mcp__*") return null;
  const server = serverOfRule(rule.rule, input.servers);
  if (!server) {
    const named = /^mcp__([^*]*?)(__|$)/.exec(rule.rule)?.[1];
    return named ? `no server "${named}" in this fleet` : "matches no server in this fleet";
  }
  // A server that is not ready has no known tool list: nothing can be called stale from it.
  if (server.status !== "ready") return null;
  if (rule.rule === ruleName(server.id, null)) return null;
  const toolPart = rule.rule.slice(ruleName(server.id, null).length + 2);
  return hasGlob(rule.rule) ? `matches no tool of "${server.id}"` : `server "${server.id}" has no tool "${toolPart}"`;
}

function changedSince(entry: AllowHistory): { at: string; what: string[] } | null {
  const versions = [...entry.versions].sort((a, b) => compare(a.time, b.time));
  const before = versions.filter((v) => v.time <= entry.allowedAt);
  const baseline: ToolVersion | undefined = before[before.length - 1] ?? versions[0];
  if (!baseline) return null;
  for (const v of versions) {
    if (v.time <= entry.allowedAt || v === baseline) continue;
    const what = [
      ...(v.schemaHash !== baseline.schemaHash ? ["schema"] : []),
      ...(v.descriptionHash !== baseline.descriptionHash ? ["description"] : []),
    ];
    if (what.length > 0) return { at: v.time, what };
  }
  return null;
}

export function lintRules(input: LintInput): LintFinding[] {
  const rules = combinedRules(input.ours, input.existing, input.tools);
  const findings: LintFinding[] = [];
  const base = (r: SourcedRule) => ({ rule: r.rule, list: r.list, source: r.source });

  for (const r of rules) {
    const ignored = ignoredReason(r.rule, r.list);
    if (ignored) {
      findings.push({ kind: "ignored", ...base(r), message: ignored });
      continue;
    }
    const matched = input.tools.filter((t) => ruleMatches(r.rule, r.list, t));
    if (matched.length === 0) {
      const stale = staleMessage(r, input);
      if (stale) findings.push({ kind: "stale", ...base(r), message: stale });
      continue;
    }
    if (r.list === "deny") continue;
    const higher = LIST_ORDER.slice(0, LIST_ORDER.indexOf(r.list));
    const shadows = matched.map((t) => rules.find((o) => o !== r && higher.includes(o.list) && ruleMatches(o.rule, o.list, t)));
    const first = shadows[0];
    if (first && shadows.every(Boolean)) {
      findings.push({
        kind: "shadowed",
        ...base(r),
        shadowedBy: first,
        message: `${first.list} "${first.rule}" (${first.source}) also matches, and Claude Code checks ${first.list} before ${r.list}`,
      });
    }
  }

  for (const entry of input.history ?? []) {
    const change = changedSince(entry);
    if (!change) continue;
    const tool = { serverId: entry.serverId, claudeCodeName: ruleName(entry.serverId, entry.toolName) };
    const rule = rules.find((o) => o.list === "allow" && ruleMatches(o.rule, o.list, tool));
    findings.push({
      kind: "changed-since-allowed",
      rule: rule?.rule ?? tool.claudeCodeName,
      list: "allow",
      source: rule?.source ?? "ours",
      tool: `${entry.serverId}:${entry.toolName}`,
      message: `${change.what.join(" and ")} changed at ${change.at}, after it was allowed at ${entry.allowedAt}: review it`,
    });
  }
  return findings;
}

/** When the allow that decides a tool was set, if it is one of ours (tool rule first, then server default). */
export function allowedAtOf(serverId: string, toolName: string, ours: readonly OurRule[]): string | null {
  const own = ours.find((r) => r.serverId === serverId && r.toolName === toolName && r.decision === "allow");
  const server = ours.find((r) => r.serverId === serverId && r.toolName === null && r.decision === "allow");
  return own?.setAt ?? server?.setAt ?? null;
}
