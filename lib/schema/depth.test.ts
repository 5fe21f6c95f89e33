import { expect, test } from "vitest";
import { nestingDepth } from "./depth";

function nested(levels: number): unknown {
  let value: unknown = "leaf";
  for (let i = 0; i < levels; i++) value = i % 2 ? { a: value } : [value];
  return value;
}

test.each([
  ["a scalar", "x", 0],
  ["null", null, 0],
  ["{}", {}, 1],
  ["[]", [], 1],
  ["one level of objects and arrays", { a: 1, b: [1, 2] }, 2],
  ["the deepest branch counts", { a: { b: { c: {} } }, d: [] }, 4],
  ["100 levels", nested(100), 100],
])("%s", (_label, value, depth) => {
  expect(nestingDepth(value)).toBe(depth);
});

test("stops one level past the limit, however deep the value goes", () => {
  expect(nestingDepth(nested(100_000), 512)).toBe(513);
  expect(nestingDepth(nested(64), 64)).toBe(64);
  expect(nestingDepth(nested(65), 64)).toBe(65);
});
