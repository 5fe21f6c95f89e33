import { expect, test } from "vitest";
import { count, plural } from "./count";

test.each([
  [0, "tool", undefined, "0 tools"],
  [1, "tool", undefined, "1 tool"],
  [2, "tool", undefined, "2 tools"],
  [1, "entry", "entries", "1 entry"],
  [3, "entry", "entries", "3 entries"],
  [1, "unsaved change", undefined, "1 unsaved change"],
  [2048, "character", undefined, "2048 characters"],
  [-1, "tool", undefined, "-1 tools"],
])("count(%d, %s, %s) is %s", (n, noun, pluralNoun, expected) => {
  expect(count(n, noun, pluralNoun)).toBe(expected);
});

test.each([
  [1, "server", undefined, "server"],
  [0, "server", undefined, "servers"],
  [5, "group", undefined, "groups"],
  [2, "difference", undefined, "differences"],
  [1, "entry", "entries", "entry"],
  [7, "entry", "entries", "entries"],
])("plural(%d, %s, %s) is %s", (n, noun, pluralNoun, expected) => {
  expect(plural(n, noun, pluralNoun)).toBe(expected);
});
