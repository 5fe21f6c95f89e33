import { describe, expect, test } from "vitest";
import { canonicalJson } from "./canonical-json";

describe("canonicalJson", () => {
  test.each([
    ["sorts keys", { b: 1, a: 2 }, '{"a":2,"b":1}'],
    ["sorts keys at every depth", { z: { y: [{ d: 1, c: 2 }], x: null } }, '{"z":{"x":null,"y":[{"c":2,"d":1}]}}'],
    ["keeps array order", [3, 1, 2], "[3,1,2]"],
    ["no whitespace", { a: [1, { b: "c d" }] }, '{"a":[1,{"b":"c d"}]}'],
    ["numbers as JSON.stringify writes them", [1.5, -0, 1e21, 0.1], "[1.5,0,1e+21,0.1]"],
    ["non-finite numbers become null", [Number.NaN, Number.POSITIVE_INFINITY], "[null,null]"],
    ["undefined members are left out", { a: undefined, b: 1 }, '{"b":1}'],
    ["undefined in arrays becomes null", [undefined], "[null]"],
    ["escapes strings", { "q\"": "line\nbreak" }, '{"q\\"":"line\\nbreak"}'],
    ["orders keys by UTF-16 code units", { "é": 1, z: 2, A: 3, "\u{1F600}": 4 }, '{"A":3,"z":2,"é":1,"\u{1F600}":4}'],
    ["top-level scalars", "x", '"x"'],
    ["undefined alone", undefined, "null"],
  ])("%s", (_label, value, expected) => {
    expect(canonicalJson(value)).toBe(expected);
  });

  test("the same text as JSON.stringify once keys are sorted", () => {
    const value = { b: [1, "two", { d: true, c: null }], a: { f: 1.25, e: "é" } };
    expect(JSON.parse(canonicalJson(value))).toEqual(value);
    expect(canonicalJson(value)).toBe(JSON.stringify({ a: { e: "é", f: 1.25 }, b: [1, "two", { c: null, d: true }] }));
  });
});
