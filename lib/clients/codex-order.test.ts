/** Codex's string order (Rust's, by UTF-8 bytes) read from UTF-16 code units equals comparing the encoded bytes. */
import { expect, test } from "vitest";
import { byUtf8 } from "./codex-schema";

const encoder = new TextEncoder();
function bytewise(a: string, b: string): number {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

test.each([
  ["ASCII", "a", "b"],
  ["a prefix", "ab", "abc"],
  ["upper before lower, digits first", "Z", "a"],
  ["_ after capitals", "_u", "M"],
  ["two-byte against ASCII", "é", "z"],
  ["three-byte against two-byte", "ツ", "é"],
  ["U+FFFF against an emoji (UTF-16 order disagrees)", "\uffff", "🙂"],
  ["U+E000 against an emoji", "\ue000", "😀"],
  ["a lone high surrogate (U+FFFD) against an emoji", "x\ud83d", "x\ud83d\ude00"],
  ["a lone low surrogate against U+FFFD itself", "\udc00", "\ufffd"],
  ["equal", "same", "same"],
])("%s", (_label, a, b) => {
  expect(Math.sign(byUtf8(a, b))).toBe(Math.sign(bytewise(a, b)));
  expect(Math.sign(byUtf8(b, a))).toBe(Math.sign(bytewise(b, a)));
});

test("10,000 generated pairs from a mixed alphabet agree", () => {
  const alphabet = ["a", "Z", "_", "0", "é", "ツ", "\uffff", "\ue000", "🙂", "\ud800", "\udfff", "\u0000"];
  let seed = 11;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const word = () => Array.from({ length: Math.floor(next() * 5) }, () => alphabet[Math.floor(next() * alphabet.length)]).join("");
  for (let i = 0; i < 10_000; i++) {
    const [a, b] = [word(), word()];
    expect(Math.sign(byUtf8(a, b))).toBe(Math.sign(bytewise(a, b)));
  }
});
