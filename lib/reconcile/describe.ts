/**
 * Final descriptions (DESIGN.md rules 3-4, seed 000): the flattening sentence first, then the
 * idempotent `[Label] ` source tag on collided tools, and the 2,048-character flag.
 */
import type { Finding } from "./types";

/** Claude Code cuts tool descriptions here by default. */
export const DESCRIPTION_LIMIT = 2048;

/** The description a model sees. Applying it to its own output changes nothing. */
export function finalDescription(original: string, opts: { sentence?: string; tag?: string }): string {
  const tag = opts.tag ? `[${opts.tag}] ` : "";
  let body = original;
  if (tag && body.startsWith(tag)) body = body.slice(tag.length);
  else if (tag && body === tag.trimEnd()) body = "";
  if (opts.sentence && !body.startsWith(opts.sentence)) body = body ? `${opts.sentence} ${body}` : opts.sentence;
  return tag ? (body ? tag + body : tag.trimEnd()) : body;
}

const encoder = new TextEncoder();

export function descriptionLengthFinding(description: string): Finding | null {
  if (description.length <= DESCRIPTION_LIMIT) return null;
  return {
    code: "description:too-long",
    message: `the description is ${description.length} characters (${encoder.encode(description).length} UTF-8 bytes); Claude Code cuts it at 2,048`,
    fix: "move detail out of the description, or put what matters in the first 2,048 characters",
  };
}
