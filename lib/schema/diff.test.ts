import { describe, expect, test } from "vitest";
import { diffSchemas, summarizeSchemaDiff } from "./diff";

const before = {
  type: "object",
  properties: { repo: { type: "string" }, title: { type: "string" }, labels: { type: "array", items: { enum: ["bug"] } } },
  required: ["repo", "title"],
};
const after = {
  required: ["repo", "team_id"],
  properties: { repo: { type: "string" }, team_id: { type: "string" }, labels: { items: { enum: ["bug", "chore"] }, type: "array" } },
  type: "object",
};

describe("diffSchemas", () => {
  test("lists every change by JSON Pointer", () => {
    expect(diffSchemas(before, after)).toMatchInlineSnapshot(`
      [
        {
          "after": "chore",
          "kind": "added",
          "path": "/properties/labels/items/enum/1",
        },
        {
          "after": {
            "type": "string",
          },
          "kind": "added",
          "path": "/properties/team_id",
        },
        {
          "before": {
            "type": "string",
          },
          "kind": "removed",
          "path": "/properties/title",
        },
        {
          "after": "team_id",
          "before": "title",
          "kind": "changed",
          "path": "/required/1",
        },
      ]
    `);
  });

  test.each([
    ["key order", { b: 1, a: { d: 2, c: 3 } }, { a: { c: 3, d: 2 }, b: 1 }, []],
    ["a type change", { type: "string" }, { type: "integer" }, [{ path: "/type", kind: "changed", before: "string", after: "integer" }]],
    ["an object turned array", { a: {} }, { a: [] }, [{ path: "/a", kind: "changed", before: {}, after: [] }]],
    ["a key with a slash", { "a/b": 1 }, {}, [{ path: "/a~1b", kind: "removed", before: 1 }]],
  ])("%s", (_label, a, b, expected) => {
    expect(diffSchemas(a, b)).toEqual(expected);
  });
});

test("summarizeSchemaDiff gives the top-level view", () => {
  expect(summarizeSchemaDiff(before, after)).toEqual({
    propertiesOnlyInBefore: ["title"],
    propertiesOnlyInAfter: ["team_id"],
    propertiesChanged: ["labels"],
    requiredOnlyInBefore: ["title"],
    requiredOnlyInAfter: ["team_id"],
  });
  expect(summarizeSchemaDiff(null, undefined)).toEqual({
    propertiesOnlyInBefore: [],
    propertiesOnlyInAfter: [],
    propertiesChanged: [],
    requiredOnlyInBefore: [],
    requiredOnlyInAfter: [],
  });
});

test("a schema nested thousands of levels deep is diffed without overflowing the stack", () => {
  const nest = (levels: number, leaf: unknown) => {
    let schema: unknown = leaf;
    for (let i = 0; i < levels; i++) schema = { type: "object", properties: { a: schema } };
    return schema;
  };
  const changes = diffSchemas(nest(5_000, { type: "string" }), nest(5_000, { type: "number" }));
  expect(changes).toHaveLength(1);
  expect(changes[0].kind).toBe("changed");
  expect(changes[0].path.startsWith("/properties/a/properties/a")).toBe(true);
});
