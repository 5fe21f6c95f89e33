/**
 * Merge our rules into an existing Claude Code settings file (docs/permissions.md): every other key,
 * and every rule that is not an MCP rule of ours, is kept where it was; only the rules we manage are
 * replaced. Pure: text in, text and a unified diff out. Parse problems are values with line and column.
 */
import { createTwoFilesPatch } from "diff";
import { readSettingsText, RULE_LISTS, type JsonProblem } from "./settings-text";
import type { ClaudePermissions } from "./types";

export type MergeResult =
  | { ok: true; text: string; diff: string; changed: boolean }
  | { ok: false; error: JsonProblem };

export interface OurClaudeRules {
  permissions: ClaudePermissions;
  /** Rule names we manage (exact tool and bare server names): replaced wherever they appear. */
  managed?: readonly string[];
}

function detectIndent(text: string): string {
  return /\n([ \t]+)\S/.exec(text)?.[1] ?? "  ";
}

export function mergeClaudeSettings(
  existingText: string | null,
  ours: OurClaudeRules,
  ourPreviousRules: readonly string[] = [],
  fileName = "settings.json",
): MergeResult {
  const hasText = existingText !== null && existingText.trim() !== "";
  const read = readSettingsText(existingText ?? "");
  if (!read.ok) return read;
  const root = read.root;
  const permissions = read.permissions ?? {};

  const replaced = new Set<string>([...(ours.managed ?? []), ...ourPreviousRules, ...RULE_LISTS.flatMap((l) => ours.permissions[l])]);
  const before = JSON.stringify(root);
  for (const list of RULE_LISTS) {
    const current = (permissions[list] as unknown[] | undefined) ?? [];
    // Someone else's entries (non-strings included) keep their place; ours go after them.
    const kept = current.filter((entry) => typeof entry !== "string" || !replaced.has(entry));
    const next = [...kept, ...ours.permissions[list].filter((rule) => !kept.includes(rule))];
    if (permissions[list] !== undefined || next.length > 0) permissions[list] = next;
  }
  if (root.permissions !== undefined || Object.keys(permissions).length > 0) root.permissions = permissions;

  if (hasText && JSON.stringify(root) === before) return { ok: true, text: existingText, diff: "", changed: false };

  const source = existingText ?? "";
  const newline = source.includes("\r\n") ? "\r\n" : "\n";
  const endsWithNewline = !hasText || /\n\s*$/.test(source);
  const text = JSON.stringify(root, null, hasText ? detectIndent(source) : 2).replace(/\n/g, newline) + (endsWithNewline ? newline : "");
  const diff = createTwoFilesPatch(fileName, fileName, source, text, "before", "after");
  return { ok: true, text, diff, changed: text !== source };
}
