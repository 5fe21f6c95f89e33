/**
 * Reads the text of a Claude Code settings file (`.claude/settings.json`): strict JSON whose top level
 * is an object, `permissions` an object, and its `allow` / `ask` / `deny` arrays. Both the import (the
 * MCP rules already there) and the merge of our rules read a file through this one function.
 */
import { parseJsonText } from "@/lib/json/json-text";
import { isPlainObject } from "@/lib/json/values";
import { isMcpRule } from "./rules";
import type { ExistingRule, RuleList } from "./types";

export interface JsonProblem {
  message: string;
  line?: number;
  column?: number;
}

type JsonObject = Record<string, unknown>;

export type SettingsText =
  | { ok: true; root: JsonObject; permissions: JsonObject | undefined }
  | { ok: false; error: JsonProblem };

export const RULE_LISTS: readonly RuleList[] = ["allow", "ask", "deny"];

/** The file's root and `permissions`, or the problem that keeps them from being read (an empty file is `{}`). */
export function readSettingsText(text: string): SettingsText {
  if (text.trim() === "") return { ok: true, root: {}, permissions: undefined };
  const parsed = parseJsonText(text);
  if (!parsed.ok) return { ok: false, error: { message: parsed.error.message, line: parsed.error.line, column: parsed.error.column } };
  const root = parsed.value;
  if (!isPlainObject(root)) return { ok: false, error: { message: "the top level is not a JSON object" } };
  const permissions = root.permissions;
  if (permissions === undefined) return { ok: true, root, permissions: undefined };
  if (!isPlainObject(permissions)) return { ok: false, error: { message: '"permissions" is not an object' } };
  for (const list of RULE_LISTS) {
    if (permissions[list] !== undefined && !Array.isArray(permissions[list])) {
      return { ok: false, error: { message: `"permissions.${list}" is not an array` } };
    }
  }
  return { ok: true, root, permissions };
}

/** The MCP rules of a file's `permissions`, deny first as Claude Code evaluates them; other rules are not ours to show. */
export function mcpRulesOf(permissions: JsonObject | undefined, file: string): ExistingRule[] {
  const rules: ExistingRule[] = [];
  for (const list of ["deny", "ask", "allow"] as const) {
    for (const rule of (permissions?.[list] as unknown[] | undefined) ?? []) {
      if (typeof rule === "string" && isMcpRule(rule)) rules.push({ file, list, rule });
    }
  }
  return rules;
}
