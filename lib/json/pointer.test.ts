import { expect, test } from "vitest";

import { pointer, pointerToken, pointerTokens } from "./pointer";

test.each([
  ["plain", "plain"],
  ["a/b", "a~1b"],
  ["a~b", "a~0b"],
  ["~/", "~0~1"],
  [3, "3"],
])("pointerToken(%j) is %j", (token, escaped) => {
  expect(pointerToken(token)).toBe(escaped);
});

test.each([
  ["", [], ""],
  ["/properties", ["a/b"], "/properties/a~1b"],
  ["", ["projects", "/home/me", "mcpServers"], "/projects/~1home~1me/mcpServers"],
  ["/items", [0, "~x"], "/items/0/~0x"],
])("pointer(%j, ...%j) is %j and reads back", (base, tokens, text) => {
  expect(pointer(base, ...tokens)).toBe(text);
  expect(pointerTokens(text).slice(pointerTokens(base).length)).toEqual(tokens.map(String));
});
