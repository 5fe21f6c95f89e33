/** Claude Code's tool order from collation keys equals Intl.Collator("en")'s, on every kind of sendable name. */
import { expect, test } from "vitest";
import { collationKey, compareSendable } from "./claude-code";

const collator = new Intl.Collator("en");
const collate = (a: string, b: string) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
const byKeys = (a: string, b: string) => compareSendable(a, collationKey(a), b, collationKey(b));

test.each([
  ["_ before - before digits before letters", ["a", "0", "-", "_"], ["_", "-", "0", "a"]],
  ["case ignored first, then lower case first", ["B", "a", "A", "b"], ["a", "A", "b", "B"]],
  ["case decides only when the rest is equal", ["Ab", "aC", "ab"], ["ab", "Ab", "aC"]],
  ["a prefix first", ["ab", "a", "a_"], ["a", "a_", "ab"]],
  ["server parts", ["mcp__a-b__c", "mcp__a__b", "mcp__A__b", "mcp__a_b__a"], ["mcp__a__b", "mcp__A__b", "mcp__a_b__a", "mcp__a-b__c"]],
])("%s", (_label, names, expected) => {
  expect([...names].sort(collate)).toEqual(expected);
  expect([...names].sort(byKeys)).toEqual(expected);
});

test("20,000 generated names sort the same both ways", () => {
  const alphabet = "_-0159aAbBmMzZ";
  let seed = 2026;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const names = Array.from({ length: 20_000 }, () => {
    let name = "";
    for (let n = 1 + Math.floor(next() * 12); n > 0; n--) name += alphabet[Math.floor(next() * alphabet.length)];
    return name;
  });
  expect([...names].sort(byKeys)).toEqual([...names].sort(collate));
});
