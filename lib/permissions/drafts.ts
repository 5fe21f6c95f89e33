/**
 * Unsaved edits of the /permissions page: drafts over
 * the saved rules, applied to them for a live effective decision and a live lint, and turned into the
 * PUT's changes. Pure, so the browser store and its tests share it.
 */
import { lintRules } from "./lint";
import { compare } from "./rules";
import type { ExistingRule, LintFinding, OurRule, PermissionServer, PermissionTool, RuleDecision } from "./types";
import type { PermissionChange } from "./api-types";

/** Key of a rule: the server, then the tool (a server default has no tool part). */
export function draftKey(serverId: string, toolName: string | null): string {
  return toolName === null ? `${serverId}\u0000` : `${serverId}\u0000\u0001${toolName}`;
}

function parseKey(key: string): { serverId: string; toolName: string | null } {
  const [serverId, rest] = key.split("\u0000");
  return { serverId, toolName: rest === "" ? null : rest.slice(1) };
}

export type Drafts = Record<string, RuleDecision>;

export function savedDecision(rules: readonly OurRule[], serverId: string, toolName: string | null): RuleDecision {
  return rules.find((r) => r.serverId === serverId && r.toolName === toolName)?.decision ?? "none";
}

/** Drafts after applying edits; an edit back to the saved decision is no longer a draft. */
export function applyEdits(drafts: Drafts, saved: readonly OurRule[], edits: readonly PermissionChange[]): Drafts {
  const next = { ...drafts };
  for (const e of edits) {
    const key = draftKey(e.serverId, e.toolName);
    if (savedDecision(saved, e.serverId, e.toolName) === e.decision) delete next[key];
    else next[key] = e.decision;
  }
  return next;
}

/** The saved rules with the drafts applied (what the effective decisions preview). */
export function rulesWithDrafts(saved: readonly OurRule[], drafts: Drafts): OurRule[] {
  const byKey = new Map(saved.map((r) => [draftKey(r.serverId, r.toolName), r]));
  for (const [key, decision] of Object.entries(drafts)) {
    const { serverId, toolName } = parseKey(key);
    byKey.set(key, { serverId, toolName, decision });
  }
  return [...byKey.values()].filter((r) => r.decision !== "none");
}

export function draftChanges(drafts: Drafts): PermissionChange[] {
  return Object.entries(drafts)
    .map(([key, decision]) => ({ ...parseKey(key), decision }))
    .sort((a, b) => compare(a.serverId, b.serverId) || compare(a.toolName ?? "", b.toolName ?? ""));
}

export interface DraftLintInput {
  tools: readonly PermissionTool[];
  servers: readonly PermissionServer[];
  saved: readonly OurRule[];
  drafts: Drafts;
  /** The MCP rules already in the project's settings files. */
  existing: readonly ExistingRule[];
}

/**
 * Our rules, drafts applied, that Claude Code would never reach: the lint's "shadowed" findings on our
 * own rules (an allow or ask beaten on every tool it matches by a deny or ask that Claude Code checks
 * first, such as a server-wide ask over a tool's allow), judged before anything is saved so the editor
 * can flag a rule as it is made. Keyed by rule name (`mcp__<server>__<tool>`, or `mcp__<server>`).
 */
export function shadowedOurRules(input: DraftLintInput): Map<string, LintFinding> {
  const ours = rulesWithDrafts(input.saved, input.drafts);
  const findings = lintRules({ tools: input.tools, servers: input.servers, ours, existing: input.existing });
  return new Map(findings.filter((f) => f.kind === "shadowed" && f.source === "ours").map((f) => [f.rule, f]));
}
