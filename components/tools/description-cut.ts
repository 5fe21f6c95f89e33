/**
 * Where Claude Code cuts a long description (docs/clients.md: over 2,048 characters, cut there by
 * default). Pure, so the detail view and its test agree on the split.
 */
export const DESCRIPTION_LIMIT = 2048;

export function splitAtLimit(text: string, limit = DESCRIPTION_LIMIT): { kept: string; cut: string } {
  // Count code points, not UTF-16 units, so an emoji is never split in half.
  const chars = Array.from(text);
  if (chars.length <= limit) return { kept: text, cut: "" };
  return { kept: chars.slice(0, limit).join(""), cut: chars.slice(limit).join("") };
}

export const NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

export interface NameCheck {
  label: string;
  name: string | null;
  length: number;
  ok: boolean;
  note: string;
}

/** Claude Code's own charset (the claude-name check): MCP allows "." and "/", Claude Code does not. */
export const CLAUDE_CODE_CHARS = /^[A-Za-z0-9_-]+$/;

function claudeCodeCheck(name: string, length: number): NameCheck {
  const over = length > 64;
  const badChars = !CLAUDE_CODE_CHARS.test(name);
  const problems = [over ? `${length} characters: over 64, Claude Code rejects or truncates it` : null, badChars ? "holds characters outside [A-Za-z0-9_-]: not valid for Claude Code" : null].filter(Boolean);
  return { label: "Claude Code", name, length, ok: problems.length === 0, note: problems.length ? problems.join("; ") : "64 characters or fewer, only [A-Za-z0-9_-]" };
}

/** The three names of a tool with the length checks the detail view shows. */
export function nameChecks(originalName: string, exposedName: string | null, claudeCodeName: string): NameCheck[] {
  const len = (s: string) => Array.from(s).length;
  return [
    {
      label: "Original",
      name: originalName,
      length: len(originalName),
      ok: NAME_PATTERN.test(originalName),
      note: NAME_PATTERN.test(originalName) ? "matches ^[a-zA-Z0-9_-]{1,64}$" : "breaks ^[a-zA-Z0-9_-]{1,64}$: the exposed name is sanitized",
    },
    {
      label: "Exposed",
      name: exposedName,
      length: exposedName === null ? 0 : len(exposedName),
      ok: exposedName !== null && NAME_PATTERN.test(exposedName),
      note: exposedName === null ? "excluded: not exposed to the model" : NAME_PATTERN.test(exposedName) ? "matches ^[a-zA-Z0-9_-]{1,64}$" : "breaks ^[a-zA-Z0-9_-]{1,64}$",
    },
    claudeCodeCheck(claudeCodeName, len(claudeCodeName)),
  ];
}
