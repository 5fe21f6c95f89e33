import { describe, expect, test } from "vitest";

import { lineColumn, parseJsonText } from "./json-text";

describe("a syntax error is a code, an offset, a line and a column", () => {
  test.each([
    // text, code, offset, line, column
    ["", "ValueExpected", 0, 1, 1],
    ["{", "CloseBraceExpected", 1, 1, 2],
    ['{\n  "a": 1\n  "b": 2\n}', "CommaExpected", 13, 3, 3],
    ['{ "a": 1, }', "PropertyNameExpected", 10, 1, 11],
    ['{ "a" 1 }', "ColonExpected", 6, 1, 7],
    ["[1, 2", "CloseBracketExpected", 5, 1, 6],
    ["[1 2]", "CommaExpected", 3, 1, 4],
    ['{ "a": tru }', "InvalidSymbol", 7, 1, 8],
    ['{ "a": 01 }', "CommaExpected", 8, 1, 9],
    ['{ "a": 1e }', "UnexpectedEndOfNumber", 7, 1, 8],
    ['{ "a": "x\\q" }', "InvalidEscapeCharacter", 7, 1, 8],
    ['{ "a": "line\nbreak" }', "UnexpectedEndOfString", 7, 1, 8],
    ['{ "a": "tab\there" }', "InvalidCharacter", 7, 1, 8],
    ["{} {}", "EndOfFileExpected", 3, 1, 4],
    ["{ 'a': 1 }", "InvalidSymbol", 2, 1, 3],
    ['{ "a": 1 } // note', "InvalidCommentToken", 11, 1, 12],
    ['\uFEFF{ "a" 1 }', "ColonExpected", 7, 1, 8],
  ])("%j: %s at %i (%i:%i)", (text, code, offset, line, column) => {
    const result = parseJsonText(text);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatchObject({ code, offset, line, column });
  });

  test("the message never quotes the text (a secret may sit where the error is)", () => {
    const result = parseJsonText('{"env": {"TOKEN": ghp_secretvalue1234567890}}');
    expect(!result.ok && result.error).toMatchObject({ code: "InvalidSymbol", line: 1, column: 19 });
    expect(!result.ok && result.error.message).not.toContain("ghp_");
  });

  test("an error at the end of the text says so", () => {
    const result = parseJsonText('{"a": [1, 2');
    expect(!result.ok && result.error.message).toBe("expected ']' to close an array (the text ends here)");
  });
});

describe("valid JSON reads as JSON.parse reads it", () => {
  test.each([
    '{"a": [1, -2.5e3, true, false, null, "\\u00e9\\n"], "b": {}}',
    "[]",
    '"s"',
    "0",
    " \n{ } \n",
    '{"a": 1, "a": 2}',
    '{"__proto__": {"polluted": true}}',
    '"\\ud800"',
  ])("%j", (text) => {
    const result = parseJsonText(text);
    expect(result.ok && result.value).toEqual(JSON.parse(text));
  });

  test("a __proto__ key is an own property, never the prototype", () => {
    const result = parseJsonText('{"__proto__": {"polluted": true}}');
    const value = result.ok ? (result.value as Record<string, unknown>) : {};
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(["__proto__"]);
  });

  test("a byte order mark is skipped", () => {
    expect(parseJsonText('\uFEFF{"a": 1}')).toMatchObject({ ok: true, value: { a: 1 } });
  });
});

describe("JSONC: comments and trailing commas when asked for", () => {
  const text = '{\n  // note\n  "a": [1, 2,], /* x */\n  "b": "// not a comment",\n}';

  test("strict JSON refuses them", () => {
    expect(parseJsonText(text)).toMatchObject({ ok: false, error: { code: "InvalidCommentToken", line: 2, column: 3 } });
  });

  test("JSONC reads the value", () => {
    expect(parseJsonText(text, { comments: true })).toMatchObject({ ok: true, value: { a: [1, 2], b: "// not a comment" } });
  });
});

describe("positions from a path", () => {
  const text = '{\n  "servers": {\n    "a/b": { "args": ["x", "y"] }\n  },\n  "dup": 1,\n  "dup": 2\n}';
  const parsed = parseJsonText(text);

  test.each([
    [["servers"], { line: 2, column: 3 }],
    [["servers", "a/b"], { line: 3, column: 5 }],
    [["servers", "a/b", "args", 1], { line: 3, column: 28 }],
    [["servers", "a/b", "args", "0"], { line: 3, column: 23 }],
    [["dup"], { line: 6, column: 3 }],
    [["servers", "missing"], undefined],
    [["servers", "a/b", "args", 5], undefined],
    [["dup", "deeper"], undefined],
  ])("%j", (path, position) => {
    expect(parsed.ok && parsed.positionOf(path)).toEqual(position);
  });
});

test.each([
  ["", 0, { line: 1, column: 1 }],
  ["ab\ncd", 4, { line: 2, column: 2 }],
  ["ab\ncd", 99, { line: 2, column: 3 }],
  ["ab", -3, { line: 1, column: 1 }],
])("lineColumn(%j, %i)", (text, offset, position) => {
  expect(lineColumn(text, offset)).toEqual(position);
});
