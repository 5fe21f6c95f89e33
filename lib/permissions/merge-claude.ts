/**
 * Merge our rules into an existing Claude Code settings file (issue 6 "Export"): every other key,
 * and every rule that is not an MCP rule of ours, is kept where it was; only the rules we manage are
 * replaced. Pure: text in, text and a unified diff out. Parse problems are values with line and column.
 */
import { createTwoFilesPatch } from "diff";
import { locateJsonError } from "./json-locate";
import type { ClaudePermissions } from "./types";

export interface JsonProblem {
  message: string;
  line?: number;
  column?: number;
}

export type MergeResult =
  | { ok: true; text: string; diff: string; changed: boolean }
  | { ok: false; error: JsonProblem };

export interface OurClaudeRules {
  permissions: ClaudePermissions;
  /** Rule names we manage (exact tool and bare server names): replaced wherever they appear. */
  managed?: readonly string[];
}

const LISTS = ["allow", "ask", "deny"] as const;

type JsonObject = Record<string, unknown>;
const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);


/** JSON.parse as a value; a syntax error is named by line and column, never quoting the text. */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; error: JsonProblem } {
  try {
    return { ok: true, value: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) };
  } catch {
    return { ok: false, error: locateJsonError(text) ?? { message: "not valid JSON" } };
  }
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
  let root: JsonObject = {};
  if (hasText) {
    const parsed = parseJsonText(existingText);
    if (!parsed.ok) return parsed;
    if (!isObject(parsed.value)) return { ok: false, error: { message: "the top level is not a JSON object" } };
    root = parsed.value;
  }
  if (root.permissions !== undefined && !isObject(root.permissions)) {
    return { ok: false, error: { message: "\"permissions\" is not an object" } };
  }
  const permissions: JsonObject = isObject(root.permissions) ? root.permissions : {};
  for (const list of LISTS) {
    if (permissions[list] !== undefined && !Array.isArray(permissions[list])) {
      return { ok: false, error: { message: `"permissions.${list}" is not an array` } };
    }
  }

  const replaced = new Set<string>([...(ours.managed ?? []), ...ourPreviousRules, ...LISTS.flatMap((l) => ours.permissions[l])]);
  const before = JSON.stringify(root);
  for (const list of LISTS) {
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
