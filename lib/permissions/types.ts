/**
 * Types of the permissions model (docs/permissions.md): our rules per tool and per
 * server, the rules already in Claude Code settings files, and the decisions derived from both.
 * Pure types: safe in the browser.
 */
import type { SnapshotTool, ServerStatus } from "@/lib/reconcile/types";

export type Decision = "allow" | "ask" | "deny";
export type RuleDecision = Decision | "none";
export type RuleList = Decision;

/** The part of a snapshot tool the permissions model reads. */
export type PermissionTool = Pick<SnapshotTool, "serverId" | "originalName" | "claudeCodeName" | "annotations" | "excluded">;

export interface PermissionServer {
  id: string;
  status: ServerStatus;
}

/** One of our rules: a tool's rule, or a server's default when `toolName` is null. */
export interface OurRule {
  serverId: string;
  toolName: string | null;
  decision: RuleDecision;
  /** ISO time the rule was set (from the history database), when known. */
  setAt?: string;
}

/** Where an existing rule came from: a settings file label such as `.claude/settings.json`. */
export interface ExistingRule {
  file: string;
  list: RuleList;
  rule: string;
}

/** A rule as evaluated: its text, its list and its origin ("ours" or a settings file). */
export interface SourcedRule {
  rule: string;
  list: RuleList;
  source: "ours" | string;
  /** Ours only: the rule is a server default (bare `mcp__<server>`). */
  serverDefault?: boolean;
}

export interface Suggestion {
  decision: Decision;
  because: string;
}

export interface EffectiveDecision {
  /** `none`: no rule matches; Claude Code then asks (its default mode). */
  decision: RuleDecision;
  /** The rule that decided, or null when none matched. */
  rule: SourcedRule | null;
  /** In words, e.g. `deny "mcp__files" (our server default)`. */
  why: string;
}

export type LintKind = "stale" | "shadowed" | "ignored" | "changed-since-allowed";

export interface LintFinding {
  kind: LintKind;
  /** The rule the finding is about (as written). */
  rule: string;
  list: RuleList;
  source: string;
  message: string;
  /** The deny/ask rule that shadows it (shadowed only). */
  shadowedBy?: SourcedRule;
  /** The tool concerned (changed-since-allowed), as `server:tool`. */
  tool?: string;
}

/** A tool's hash timeline, as the history database keeps it. */
export interface ToolVersion {
  time: string;
  schemaHash: string;
  descriptionHash: string;
}

/** Input of the changed-since-allowed lint: when a tool was allowed, and its versions. */
export interface AllowHistory {
  serverId: string;
  toolName: string;
  allowedAt: string;
  versions: ToolVersion[];
}

/** The `permissions` object of a Claude Code settings file, as we write it. */
export interface ClaudePermissions {
  allow: string[];
  ask: string[];
  deny: string[];
}
