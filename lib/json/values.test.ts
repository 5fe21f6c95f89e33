import { expect, test } from "vitest";

import { compareCodeUnits, isPlainObject, sameJson } from "./values";

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

const shared = { type: "object", properties: { q: { type: "string" } } };
test.each([
  ["the same object", shared, shared, true],
  ["equal objects made apart", { a: 1, b: [1, "x", null], c: { d: true } }, { a: 1, b: [1, "x", null], c: { d: true } }, true],
  ["one shared inside each", { name: "t", schema: shared }, { name: "t", schema: shared }, true],
  ["the same keys in another order (JSON text differs)", { a: 1, b: 2 }, { b: 2, a: 1 }, false],
  ["a key more", { a: 1 }, { a: 1, b: 2 }, false],
  ["a key undefined beside one missing", { a: 1, b: undefined }, { a: 1 }, false],
  ["a leaf differs deep down", { a: [{ b: "x" }] }, { a: [{ b: "y" }] }, false],
  ["an array beside an object with its keys", [1], { 0: 1 }, false],
  ["arrays of other lengths", [1, 2], [1, 2, 3], false],
  ["null beside an object", null, {}, false],
  ["a number beside its text", 1, "1", false],
  ["NaN (unsure)", NaN, NaN, false],
  ["a Date beside a plain object", new Date(0), {}, false],
  ["equal strings", "a".repeat(3), "aaa", true],
])("sameJson: %s", (_name, a, b, expected) => {
  expect(sameJson(a, b)).toBe(expected);
  expect(sameJson(b, a)).toBe(expected);
});
