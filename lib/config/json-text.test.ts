import { describe, expect, test } from "vitest";

import { blankJsonc, findJsonError, parseJsonText } from "./json-text";

describe("parseJsonText errors", () => {
  test.each([
    // text, line, column, message
    ["", 1, 1, "unexpected end of input"],
    ["{", 1, 2, "unexpected end of input"],
    ['{\n  "a": 1\n  "b": 2\n}', 3, 3, "expected ',' or '}' after a property value"],
    ['{ "a": 1, }', 1, 11, "expected a double-quoted property name"],
    ['{ "a" 1 }', 1, 7, "expected ':' after a property name"],
    ["[1, 2", 1, 6, "unexpected end of input"],
    ["[1 2]", 1, 4, "expected ',' or ']' after an array element"],
    ['{ "a": tru }', 1, 8, "unexpected character 't'"],
    ['{ "a": 01 }', 1, 9, "expected ',' or '}' after a property value"],
    ['{ "a": - }', 1, 8, "invalid number"],
    ['{ "a": "x\\q" }', 1, 10, "invalid escape in a string"],
    ['{ "a": "line\nbreak" }', 1, 13, "unterminated string (a line break inside quotes)"],
    ['{ "a": "open', 1, 8, "unterminated string"],
    ["{} {}", 1, 4, "unexpected text after the JSON value (unexpected character '{')"],
    ["{ 'a': 1 }", 1, 3, "expected a double-quoted property name"],
  ])("%j", (text, line, column, message) => {
    expect(parseJsonText(text)).toEqual({ ok: false, line, column, message });
  });

  test("the message never quotes the text (a secret may sit where the error is)", () => {
    const result = parseJsonText('{"env": {"TOKEN": ghp_secretvalue1234567890}}');
    expect(result).toEqual({ ok: false, line: 1, column: 19, message: "unexpected character 'g'" });
  });

  test.each(['{"a": [1, -2.5e3, true, false, null, "\\u00e9\\n"], "b": {}}', "[]", '"s"', "0", " \n{ } \n"])("valid JSON has no error: %j", (text) => {
    expect(() => JSON.parse(text)).not.toThrow();
    expect(findJsonError(text)).toBeNull();
  });
});

describe("JSONC", () => {
  test("comments and trailing commas are blanked, offsets kept", () => {
    const text = '{\n  // note\n  "a": [1, 2,], /* x */\n  "b": "// not a comment",\n}';
    const blanked = blankJsonc(text);
    expect(blanked).toHaveLength(text.length);
    expect(JSON.parse(blanked)).toEqual({ a: [1, 2], b: "// not a comment" });
    const parsed = parseJsonText(text, { comments: true });
    expect(parsed.ok && parsed.locate("/b")).toEqual({ line: 4, column: 3 });
    expect(parsed.ok && parsed.locate("/a/1")).toEqual({ line: 3, column: 12 });
  });
});
