/**
 * Unsaved edits of the /permissions page: drafts over
 * the saved rules, applied to them for a live effective decision, and turned into the PUT's changes.
 * Pure, so the browser store and its tests share it.
 */
import { compare } from "./rules";
import type { OurRule, RuleDecision } from "./types";
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
