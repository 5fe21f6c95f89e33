import { expect, test } from "vitest";
import { locateJsonError } from "./json-locate";

test.each([
  ['{"a": 1}', null],
  ['[1, "x", true, null, -2.5e3, {}]', null],
  ['{\n  "a": 1,\n}', { line: 3, column: 1, message: 'expected a property name in double quotes, found "}"' }],
  ['{\n  "allow": ["x",]\n}', { line: 2, column: 17, message: 'unexpected "]"' }],
  ["{'a': 1}", { line: 1, column: 2, message: "expected a property name in double quotes, found \"'\"" }],
  ['{"a" 1}', { line: 1, column: 6, message: 'expected ":" after a property name, found "1"' }],
  ['{"a": 1', { line: 1, column: 8, message: 'expected "," or "}" after a property value, found end of file' }],
  ['{"a": "secret\nvalue"}', { line: 1, column: 14, message: "a control character (such as a raw line break) inside a string" }],
  ['{} x', { line: 1, column: 4, message: 'unexpected "x" after the end of the JSON value' }],
  ["", { line: 1, column: 1, message: "unexpected end of file" }],
])("locateJsonError(%j)", (text, expected) => {
  expect(locateJsonError(text)).toEqual(expected);
});

test("it agrees with JSON.parse on what is valid", () => {
  for (const text of ['{"a":[1,2,{"b":null}]}', '"\\u00e9"', "01", "1.", '{"a":1,}', "[,]", "tru"]) {
    let valid = true;
    try {
      JSON.parse(text);
    } catch {
      valid = false;
    }
    expect([text, locateJsonError(text) === null]).toEqual([text, valid]);
  }
});
