import { describe, expect, test } from "vitest";
import { describeCycle, inPlaceCycle } from "./in-place-cycle";
import { jsonPath, validateInstance, type InstanceCheck } from "./validate-instance";

const ISSUE = {
  type: "object",
  properties: { title: { type: "string" }, priority: { type: "integer", enum: [0, 1, 2] }, labels: { type: "array", items: { type: "string" } } },
  required: ["title"],
  additionalProperties: false,
};
const ONE_OF = { type: "object", properties: { id: { type: "string" }, key: { type: "string" } }, oneOf: [{ required: ["id"] }, { required: ["key"] }] };

/** Each failure as `path: message`, or the status and reason. */
function summary(check: InstanceCheck): string[] | string {
  if (check.status === "invalid") return check.errors.map((e) => `${e.path}: ${e.message}`);
  return check.status === "unchecked" ? `unchecked: ${check.reason}` : check.status;
}

describe("validateInstance", () => {
  test.each([
    ["a good value", ISSUE, { title: "Crash", priority: 1 }, "valid"],
    ["a missing property, at its own path", ISSUE, {}, ['$.title: missing required property "title"']],
    ["a wrong type and a bad enum", ISSUE, { title: 3, priority: 7 }, ["$.title: must be string", "$.priority: must be one of 0, 1, 2"]],
    ["an array item", ISSUE, { title: "a", labels: ["x", 4] }, ["$.labels[1]: must be string"]],
    ["an extra property", ISSUE, { title: "a", extra: true }, ['$.extra: property "extra" is not allowed (additionalProperties is false)']],
    ["a key that is not an identifier", { type: "object", properties: { "a b": { type: "number" } } }, { "a b": "x" }, ['$["a b"]: must be number']],
    ["oneOf met by neither branch", ONE_OF, {}, ['$.id: missing required property "id"', '$.key: missing required property "key"', "$: must match exactly one branch of oneOf; it matches none"]],
    ["oneOf met by both", ONE_OF, { id: "1", key: "k" }, ["$: must match exactly one branch of oneOf; it matches branches 0 and 1"]],
    ["a true schema", true, { anything: 1 }, "valid"],
    ["an empty schema", {}, 42, "valid"],
    ["a false schema", false, {}, ["$: the schema is false: no value is allowed"]],
    ["no schema at all", undefined, {}, "unchecked: there is no schema object to check against"],
  ])("%s", (_name, schema, value, expected) => {
    expect(summary(validateInstance(schema, value))).toEqual(expected);
  });

  test.each([
    ["absent: 2020-12, the MCP default", { type: "object", prefixItems: [{ type: "string" }] }, "2020-12"],
    ["draft-07, as McpServer writes it", { $schema: "http://json-schema.org/draft-07/schema#", type: "object" }, "draft-07"],
    ["2019-09", { $schema: "https://json-schema.org/draft/2019-09/schema", type: "object" }, "2019-09"],
    ["2020-12 over http", { $schema: "http://json-schema.org/draft/2020-12/schema", type: "object" }, "2020-12"],
    ["draft-06 read as draft-07", { $schema: "http://json-schema.org/draft-06/schema#", type: "object" }, "draft-07"],
  ])("the dialect: %s", (_name, schema, dialect) => {
    const check = validateInstance(schema, {});
    expect(check).toMatchObject({ status: "valid", dialect });
  });

  test("draft-07 keeps its own meaning: items as an array is a tuple there", () => {
    const tuple = { $schema: "http://json-schema.org/draft-07/schema#", type: "array", items: [{ type: "string" }, { type: "number" }] };
    expect(summary(validateInstance(tuple, ["a", "b"]))).toEqual(["$[1]: must be number"]);
  });

  test("a dialect it does not read is said, not guessed", () => {
    expect(summary(validateInstance({ $schema: "http://json-schema.org/draft-04/schema#", type: "object" }, {}))).toBe(
      'unchecked: the schema declares $schema "http://json-schema.org/draft-04/schema#" (draft-04), a dialect this check does not read',
    );
  });

  test("two schemas with the same $id are each checked by their own rules", () => {
    const a = { $id: "urn:example:args", type: "object", properties: { n: { type: "string" } } };
    const b = { $id: "urn:example:args", type: "object", properties: { n: { type: "number" } } };
    expect(summary(validateInstance(a, { n: 1 }))).toEqual(["$.n: must be string"]);
    expect(summary(validateInstance(b, { n: 1 }))).toBe("valid");
    expect(summary(validateInstance(a, { n: 1 }))).toEqual(["$.n: must be string"]);
  });

  test("a schema Ajv cannot compile is unchecked, with Ajv's reason, and the next schema still works", () => {
    const bad = validateInstance({ type: "object", properties: { a: { type: "string", pattern: "([" } } }, { a: "x" });
    expect(bad.status).toBe("unchecked");
    expect(bad.status === "unchecked" && bad.reason).toMatch(/^the schema cannot be compiled: .*pattern|^the schema cannot be compiled: /);
    expect(summary(validateInstance(ISSUE, {}))).toEqual(['$.title: missing required property "title"']);
  });

  test("a URN $id without a namespace (which throws inside Ajv's URI library) is unchecked", () => {
    expect(validateInstance({ $id: "urn:x", type: "object" }, {}).status).toBe("unchecked");
  });

  test("hostile schemas end in a value: deep nesting and reference loops", () => {
    let deep: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 5_000; i++) deep = { type: "object", properties: { a: deep } };
    expect(summary(validateInstance(deep, {}))).toBe("unchecked: the schema nests more than 512 levels deep, too deep to hand to a validator");
    const loop = { type: "object", $defs: { A: { $ref: "#/$defs/B" }, B: { $ref: "#/$defs/A" } }, properties: { x: { $ref: "#/$defs/A" } } };
    expect(summary(validateInstance(loop, {}))).toBe(
      "unchecked: the schema refers to itself without consuming any of the value (#/$defs/A -> #/$defs/B -> #/$defs/A): checking would never end",
    );
    expect(summary(validateInstance({ type: "object", anyOf: [{ $ref: "#" }] }, {}))).toMatch(/^unchecked: .*\(# -> #\/anyOf\/0 -> #\)/);
  });

  test("recursion that consumes the value is fine, and a value too deep for it is refused", () => {
    const tree = { type: "object", properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#" } } } };
    expect(summary(validateInstance(tree, { name: "a", children: [{ name: "b", children: [{ name: 3 }] }] }))).toEqual(["$.children[0].children[0].name: must be string"]);
    let value: Record<string, unknown> = {};
    for (let i = 0; i < 2_000; i++) value = { name: "x", children: [value] };
    expect(summary(validateInstance(tree, value))).toBe("unchecked: the value nests more than 512 levels deep, too deep to check");
  });

  test("a schema too big to compile quickly is not compiled", () => {
    const wide = { type: "object", properties: Object.fromEntries(Array.from({ length: 1_500 }, (_, i) => [`p${i}`, { type: "string" }])) };
    expect(summary(validateInstance(wide, {}))).toBe("unchecked: the schema holds more than 1,000 objects, too big to compile for a check");
  });

  test("a big wrong value lists at most 20 failures", () => {
    const schema = { type: "object", additionalProperties: { type: "string" } };
    const value = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i]));
    const check = validateInstance(schema, value);
    expect(check.status === "invalid" && check.errors.length).toBe(20);
  });
});

describe("inPlaceCycle", () => {
  test.each([
    ["no references", { type: "object", properties: { a: { type: "string" } } }, null],
    ["recursion through properties consumes the value", { properties: { next: { $ref: "#" } } }, null],
    ["two $defs referring to each other", { $defs: { A: { $ref: "#/$defs/B" }, B: { $ref: "#/$defs/A" } } }, "#/$defs/A -> #/$defs/B -> #/$defs/A"],
    ["a schema referring to itself", { $defs: { S: { $ref: "#/$defs/S" } } }, "#/$defs/S -> #/$defs/S"],
    ["allOf back to the root", { allOf: [{ $ref: "#" }] }, "# -> #/allOf/0 -> #"],
    ["through not and if", { $defs: { A: { not: { if: { $ref: "#/$defs/A" } } } } }, "#/$defs/A -> #/$defs/A/not -> #/$defs/A/not/if -> #/$defs/A"],
    ["a reference to nothing is no loop", { $ref: "#/$defs/missing" }, null],
    ["an escaped pointer", { $defs: { "a/b": { $ref: "#/$defs/a~1b" } } }, "#/$defs/a~1b -> #/$defs/a~1b"],
  ])("%s", (_name, schema, expected) => {
    const found = inPlaceCycle(schema);
    expect(found === null ? null : describeCycle(found)).toBe(expected);
  });
});

test.each([
  ["", "$"],
  ["/a", "$.a"],
  ["/a/0/b", "$.a[0].b"],
  ["/a b", '$["a b"]'],
  ["/a~1b", '$["a/b"]'],
])("jsonPath(%j) is %s", (at, expected) => {
  expect(jsonPath(at)).toBe(expected);
});
