import { describe, expect, test } from "vitest";
import { jsonLines, markOf } from "./json-lines";

describe("jsonLines", () => {
  test("each line carries the pointer of its value", () => {
    expect(jsonLines({ type: "object", properties: { "a/b": { type: "string" } }, required: [] }).map((l) => `${l.path.padEnd(18)}|${l.text}`)).toMatchInlineSnapshot(`
      [
        "                  |{",
        "/type             |  "type": "object",",
        "/properties       |  "properties": {",
        "/properties/a~1b  |    "a/b": {",
        "/properties/a~1b/type|      "type": "string"",
        "/properties/a~1b  |    }",
        "/properties       |  },",
        "/required         |  "required": []",
        "                  |}",
      ]
    `);
  });

  test.each([[null, "null"], [true, "true"], [3, "3"], ["x", '"x"'], [[], "[]"], [{}, "{}"]])("scalar %j", (value, text) => {
    expect(jsonLines(value)).toEqual([{ text, path: "" }]);
  });
});

describe("markOf", () => {
  const marks = new Map([["/properties/id", "added"], ["", "root"]]);
  test.each([
    ["/properties/id/type", "added"],
    ["/properties/id", "added"],
    ["/properties/key", "root"],
  ])("%s -> %s", (path, mark) => {
    expect(markOf(path, marks)).toBe(mark);
  });
  test("no mark anywhere", () => expect(markOf("/a/b", new Map())).toBeUndefined());
});
