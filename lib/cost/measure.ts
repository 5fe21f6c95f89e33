/**
 * The size of a piece of text as a model's context sees it: characters (Unicode code points, what a person
 * counts), UTF-8 bytes (what goes over the wire) and tokens (what the context window holds), the last from
 * a counter the caller chooses (lib/cost/o200k.ts, or a provider's own count).
 */
import type { TextSize } from "./types";

/** Counts the tokens of a text in one model's encoding. */
export type TokenCounter = (text: string) => number;

export const ZERO: TextSize = { chars: 0, bytes: 0, tokens: 0 };

/** Code points: a surrogate pair (an emoji) is one character. */
export function codePoints(text: string): number {
  let pairs = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        pairs++;
        i++;
      }
    }
  }
  return text.length - pairs;
}

/** UTF-8 bytes, as the request carries the text (a lone surrogate is sent as U+FFFD, 3 bytes). */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && text.charCodeAt(i + 1) >= 0xdc00 && text.charCodeAt(i + 1) <= 0xdfff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

export function measure(text: string, count: TokenCounter): TextSize {
  return { chars: codePoints(text), bytes: utf8Bytes(text), tokens: count(text) };
}

export function addSizes(sizes: readonly TextSize[]): TextSize {
  return sizes.reduce((sum, s) => ({ chars: sum.chars + s.chars, bytes: sum.bytes + s.bytes, tokens: sum.tokens + s.tokens }), ZERO);
}
