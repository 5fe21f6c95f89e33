/**
 * Final descriptions (docs/fleet-snapshot.md rules 3-4; docs/clients.md "Descriptions"): the idempotent `[Label] ` source tag on
 * collided tools, then the flattening sentence and a blank line, then the server's description; and
 * the cut Claude Code applies (4,096 characters plus `… [truncated]`, counted after the sentence).
 */
import { withConstraintSentence } from "../schema/flatten";
import type { Finding } from "./types";

/** Claude Code 2.1.328 cuts an MCP tool description (flattening sentence included) after this many characters. */
export const CLAUDE_CODE_DESCRIPTION_LIMIT = 4096;
/** What Claude Code appends to a cut description: U+2026, a space, `[truncated]`. */
export const TRUNCATION_SUFFIX = "\u2026 [truncated]";

/** The description a model sees. Applying it to its own output changes nothing. */
export function finalDescription(original: string, opts: { sentence?: string; tag?: string }): string {
  const tag = opts.tag ? `[${opts.tag}] ` : "";
  let body = original;
  if (tag && body.startsWith(tag)) body = body.slice(tag.length);
  else if (tag && body === tag.trimEnd()) body = "";
  if (opts.sentence && !body.startsWith(opts.sentence)) body = withConstraintSentence(opts.sentence, body);
  return tag ? (body ? tag + body : tag.trimEnd()) : body;
}

/** Where a description was cut: the limit, the length before the cut, and the suffix appended. */
export interface DescriptionCut {
  limit: number;
  /** Characters (UTF-16 code units) before the cut. */
  originalLength: number;
  suffix: string;
}

/**
 * A description as a client with a character limit sends it: cut at `limit` UTF-16 code units, less
 * the first half of a surrogate pair split by the cut (observed with an emoji on the boundary), then the suffix.
 */
export function cutDescription(text: string, limit = CLAUDE_CODE_DESCRIPTION_LIMIT, suffix = TRUNCATION_SUFFIX): { text: string; cut: DescriptionCut | null } {
  if (text.length <= limit) return { text, cut: null };
  let kept = text.slice(0, limit);
  const last = kept.charCodeAt(kept.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) kept = kept.slice(0, -1);
  return { text: kept + suffix, cut: { limit, originalLength: text.length, suffix } };
}

const encoder = new TextEncoder();

/** The warning for a description Claude Code cuts (`claudeDescription`: its own form, sentence first, no tag). */
export function descriptionLengthFinding(claudeDescription: string, limit = CLAUDE_CODE_DESCRIPTION_LIMIT): Finding | null {
  if (claudeDescription.length <= limit) return null;
  return {
    code: "description:too-long",
    message: `Claude Code 2.1.328 cuts this description at ${limit.toLocaleString("en")} characters and appends "${TRUNCATION_SUFFIX}": it is ${claudeDescription.length.toLocaleString("en")} characters (${encoder.encode(claudeDescription).length.toLocaleString("en")} UTF-8 bytes) with the flattening sentence`,
    fix: `put what matters in the first ${limit.toLocaleString("en")} characters, or move detail out of the description`,
  };
}
