import { describe, expect, test } from "vitest";

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

describe("sameJson: would JSON.stringify write both the same (key order included)?", () => {
  class Point {
    constructor(readonly x: number) {}
  }
  const nested = (depth: number): unknown => (depth === 0 ? "leaf" : { next: nested(depth - 1) });
  const point = new Point(1);
  test.each([
    ["equal scalars", "a", "a", true],
    ["different strings", "a", "b", false],
    ["0 and -0 (both written 0)", 0, -0, true],
    ["NaN and NaN (both null, but not told apart cheaply)", Number.NaN, Number.NaN, false],
    ["equal objects, same key order", { a: 1, b: [1, { c: true }] }, { a: 1, b: [1, { c: true }] }, true],
    ["equal objects, other key order", { a: 1, b: 2 }, { b: 2, a: 1 }, false],
    ["a key more", { a: 1 }, { a: 1, b: 2 }, false],
    ["an undefined member against none (JSON drops it; not told apart)", { a: 1, b: undefined }, { a: 1 }, false],
    ["arrays of other lengths", [1, 2], [1, 2, 3], false],
    ["an array against an object with index keys", [1], { 0: 1 }, false],
    ["null against an object", null, {}, false],
    ["class instances with equal fields (toJSON could differ)", new Point(1), new Point(1), false],
    ["the very same class instance", point, point, true],
    ["two Dates (written by toJSON, not by their keys)", new Date(0), new Date(1), false],
    ["null-prototype objects", Object.assign(Object.create(null), { a: 1 }), Object.assign(Object.create(null), { a: 1 }), true],
    ["equal, nested past the depth compared", nested(100), nested(100), false],
    ["equal, nested within it", nested(30), nested(30), true],
  ])("%s", (_label, a, b, same) => {
    expect(sameJson(a, b)).toBe(same);
    // Never says "same" where the JSON differs.
    if (same) expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
});
