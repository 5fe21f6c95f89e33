import { expect, test } from "vitest";

import { compareCodeUnits, isPlainObject } from "./values";

test.each([
  [{}, true],
  [{ a: 1 }, true],
  [Object.create(null), true],
  [[], false],
  [null, false],
  ["{}", false],
  [1, false],
  [undefined, false],
])("isPlainObject(%j) is %s", (value, expected) => {
  expect(isPlainObject(value)).toBe(expected);
});

test("code-unit order: upper case before lower case, no locale", () => {
  expect(["b", "a", "B", "_", "é", "Z", "aa"].sort(compareCodeUnits)).toEqual(["B", "Z", "_", "a", "aa", "b", "é"]);
});

test.each([
  ["a", "a", 0],
  ["a", "b", -1],
  ["b", "a", 1],
  ["\uFF21", "\u{1F600}", 1],
])("compareCodeUnits(%j, %j) is %i", (a, b, expected) => {
  expect(compareCodeUnits(a, b)).toBe(expected);
});
