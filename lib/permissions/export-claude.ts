/**
 * Claude Code export (docs/clients.md "Permissions", docs/permissions.md): `{ permissions: { allow,
 * ask, deny } }` compiled so that Claude Code decides what the user set (compile-claude.ts), with
 * sanitized names. Never a glob, so never an unanchored allow glob; an excluded tool is never allowed.
 */
import { compileClaudeRules } from "./compile-claude";
import { compare } from "./rules";
import type { ClaudePermissions, OurRule, PermissionTool } from "./types";

export interface ClaudeExport {
  permissions: ClaudePermissions;
  /** Every rule name we manage: the merge replaces these in a settings file. */
  managed: string[];
  warnings: string[];
}

const sorted = (values: Iterable<string>) => [...new Set(values)].sort(compare);

export function exportClaude(ours: readonly OurRule[], tools: readonly PermissionTool[]): ClaudeExport {
  const compiled = compileClaudeRules(ours, tools);
  const list = (name: "allow" | "ask" | "deny") => sorted(compiled.rules.filter((r) => r.list === name).map((r) => r.rule));
  return {
    permissions: { allow: list("allow"), ask: list("ask"), deny: list("deny") },
    managed: compiled.managed,
    warnings: compiled.warnings,
  };
}

/** The export as a standalone settings file (the download). */
export function claudeSettingsText(exported: ClaudeExport): string {
  return `${JSON.stringify({ permissions: exported.permissions }, null, 2)}\n`;
}

/**
 * What to tell a user who writes allow rules into the project's `.claude/settings.json`: Claude Code
 * drops them until the workspace is trusted (its deny and ask rules apply at once). Null otherwise.
 */
export function untrustedAllowWarning(target: "settings" | "settings.local", permissions: ClaudePermissions): string | null {
  if (target !== "settings" || permissions.allow.length === 0) return null;
  return (
    `Claude Code ignores the ${permissions.allow.length} allow rule${permissions.allow.length === 1 ? "" : "s"} of .claude/settings.json until you trust this workspace ` +
    "(its deny and ask rules apply at once); write to .claude/settings.local.json, or to your user settings (~/.claude/settings.json), for them to apply now"
  );
}
