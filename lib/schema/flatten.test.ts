import { describe, expect, test } from "vitest";
import { constraintSentence, flattenSchema, withConstraintSentence, type FlattenOutcome } from "./flatten";

function nested(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: "string" };
  for (let i = 0; i < levels; i++) schema = { type: "object", properties: { n: schema } };
  return schema;
}

function flat(schema: unknown) {
  const outcome: FlattenOutcome = flattenSchema(schema);
  if (outcome.status !== "flattened") throw new Error(`expected a flattened schema, got ${outcome.status}`);
  return outcome;
}

describe("flattenSchema: Claude Code's flat schema", () => {
  test("root oneOf: the kept root keywords, additionalProperties true, required always present, the sentence", () => {
    const outcome = flat({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      title: "Get issue",
      description: "kept",
      minProperties: 1,
      $comment: "dropped",
      properties: { project: { type: "string" } },
      required: ["project"],
      oneOf: [
        { properties: { id: { type: "string" } }, required: ["id"] },
        { properties: { key: { type: "string" } }, required: ["key"] },
      ],
    });
    expect(outcome.schema).toEqual({
      type: "object",
      properties: { project: { type: "string" }, id: { type: "string" }, key: { type: "string" } },
      required: ["project"],
      $schema: "https://json-schema.org/draft/2020-12/schema",
      description: "kept",
      title: "Get issue",
      additionalProperties: true,
    });
    expect(Object.keys(outcome.schema.properties as object)).toEqual(["project", "id", "key"]);
    expect(outcome.info.sentence).toBe("Input constraint: Provide parameters for exactly one of: (id) or (key).");
    expect(outcome.info.lost.map((f) => [f.code, f.path])).toEqual([
      ["flatten:one-of", "/oneOf"],
      ["flatten:root-keyword", "/minProperties"],
      ["flatten:root-keyword", "/$comment"],
    ]);
    expect(outcome.info.lostConstraint).toBe(
      "the server must check: exactly one of (id) or (key); root keyword minProperties is dropped; root keyword $comment is dropped",
    );
  });

  test("a root that sets additionalProperties keeps its own value", () => {
    expect(flat({ type: "object", additionalProperties: false, anyOf: [{ required: ["a"] }] }).schema.additionalProperties).toBe(false);
  });

  test("$defs and definitions are copied", () => {
    const defs = { a: { type: "string" } };
    const schema = flat({ type: "object", $defs: defs, definitions: defs, allOf: [{ properties: { a: { $ref: "#/$defs/a" } } }] }).schema;
    expect(schema.$defs).toBe(defs);
    expect(schema.definitions).toBe(defs);
  });

  test("required: the root's, every allOf branch's, and names every anyOf branch requires", () => {
    const outcome = flat({
      type: "object",
      properties: { r: {}, a1: {}, a2: {}, t: {} },
      required: ["r"],
      allOf: [{ required: ["a1"] }, { required: ["a2", "r"] }],
      anyOf: [{ required: ["x", "t"] }, { required: ["t", "y"] }],
    });
    expect(outcome.schema.required).toEqual(["r", "a1", "a2", "t"]);
    expect(outcome.info.lost.map((f) => f.code)).toEqual(["flatten:at-least-one-of"]);
  });

  test.each([
    [
      "a type list holding an entry that is not a string",
      { type: "object", anyOf: [{ properties: { id: {}, t: { type: ["string", { not: 1 }] } }, required: ["id"] }, { properties: { id: {} }, required: ["id"] }] },
      { id: {}, t: { type: ["string", { not: 1 }] } },
      [],
      "/properties/t/type holds an entry that is not a string",
    ],
    [
      "a schema nested past 64 levels",
      { type: "object", properties: { deep: nested(35) }, anyOf: [{ properties: { id: {} }, required: ["id"] }, { properties: { id: {} }, required: ["id"] }] },
      { deep: nested(35), id: {} },
      [],
      "it nests deeper than 64 levels",
    ],
    [
      "a conflicting definition the metaschema refuses: the first one is kept",
      { type: "object", anyOf: [{ properties: { v: { type: "string" } }, required: ["v"] }, { properties: { v: { type: 12 } }, required: ["v"] }] },
      { v: { type: "string" } },
      [],
      "not valid JSON Schema 2020-12",
    ],
  ])("the stricter form is given up for the looser one: %s", (_label, schema, properties, required, why) => {
    const outcome = flat(schema);
    expect(outcome.schema.properties).toEqual(properties);
    expect(outcome.schema.required).toEqual(required);
    expect(outcome.info.lost.find((f) => f.code === "flatten:looser-form")?.message).toContain(why);
  });

  test("a required name no property is left for is dropped; the names every branch requires stay", () => {
    const outcome = flat({ type: "object", properties: { a: {}, t: {} }, allOf: [{ required: ["a", "ghost"] }], anyOf: [{ required: ["t"] }, { required: ["t"] }] });
    expect(outcome.schema.required).toEqual(["a", "t"]);
    expect(outcome.info.lost.map((f) => f.code)).toEqual(["flatten:at-least-one-of", "flatten:required-dropped"]);
  });

  test("branches are read anyOf, then oneOf, then allOf, whatever their order in the schema", () => {
    const outcome = flat({ type: "object", allOf: [{ properties: { base: {}, v: { type: "integer" } } }], anyOf: [{ properties: { a: {}, v: { type: "string" } } }] });
    expect(Object.keys(outcome.schema.properties as object)).toEqual(["a", "v", "base"]);
    expect(outcome.info.keywords).toEqual(["anyOf", "allOf"]);
  });

  test("a property value that is not a schema object is dropped", () => {
    expect(flat({ type: "object", anyOf: [{ properties: { a: true, b: {} } }] }).schema.properties).toEqual({ b: {} });
  });

  test("a branch that adds nothing still counts: nothing is required in every branch", () => {
    expect(flat({ type: "object", anyOf: [{ type: "string" }, { properties: { a: {} }, required: ["a"] }] }).schema.required).toEqual([]);
  });

  test("a root property wins over a branch's definition of it", () => {
    expect(flat({ type: "object", properties: { v: { type: "integer" } }, anyOf: [{ properties: { v: { type: "string" } } }] }).schema.properties).toEqual({
      v: { type: "integer" },
    });
  });

  test("a branch that refers to the root (#) is not resolved", () => {
    const outcome = flat({ type: "object", properties: { x: {} }, anyOf: [{ $ref: "#" }, { properties: { y: {} }, required: ["y"] }] });
    expect(outcome.info.sentence).toBe("Input constraint: Provide parameters for at least one of: (y).");
  });

  test("the same group in several branches is named once", () => {
    expect(flat({ type: "object", anyOf: [{ properties: { v: { type: "number" } } }, { properties: { v: { type: "boolean" } } }] }).info.sentence).toBe(
      "Input constraint: Provide parameters for at least one of: (v).",
    );
  });

  test("required is [] when nothing is required", () => {
    expect(flat({ type: "object", anyOf: [{ properties: { a: {} } }, { properties: { b: {} } }] }).schema.required).toEqual([]);
  });

  test("a local $ref branch is resolved (both $defs and definitions)", () => {
    const outcome = flat({
      type: "object",
      $defs: { ById: { properties: { id: { type: "string" } }, required: ["id"] } },
      definitions: { ByKey: { properties: { key: { type: "string" } }, required: ["key"] } },
      oneOf: [{ $ref: "#/$defs/ById" }, { $ref: "#/definitions/ByKey" }],
    });
    expect(outcome.schema.properties).toEqual({ id: { type: "string" }, key: { type: "string" } });
    expect(outcome.info.sentence).toBe("Input constraint: Provide parameters for exactly one of: (id) or (key).");
  });

  test.each([
    ["a string branch", { type: "string" }, 'has type "string", not "object"'],
    ["a boolean branch", true, "is the boolean schema true"],
    ["a $ref to nothing", { $ref: "#/$defs/missing" }, "refers to #/$defs/missing, which does not exist"],
    ["an outside $ref", { $ref: "https://example.com/a.json" }, "refers outside the document"],
    ["a $ref to a $ref (one level only)", { $ref: "#/$defs/loop" }, "refers to #/$defs/loop, itself a $ref"],
    ["a $ref to the root", { $ref: "#" }, "refers to #, which Claude Code does not resolve"],
  ])("%s contributes nothing, and that is said", (_label, branch, why) => {
    const outcome = flat({
      type: "object",
      $defs: { loop: { $ref: "#/$defs/loop" } },
      anyOf: [branch, { properties: { a: { type: "string" } }, required: ["a"] }],
    });
    expect(outcome.schema.properties).toEqual({ a: { type: "string" } });
    expect(outcome.info.sentence).toBe("Input constraint: Provide parameters for at least one of: (a).");
    expect(outcome.info.lost.find((f) => f.code === "flatten:branch-ignored")?.message).toContain(why);
  });

  test("property names outside ^[a-zA-Z0-9_.-]{1,64}$ are dropped (root and branches), and said", () => {
    const outcome = flat({
      type: "object",
      properties: { "bad name": { type: "string" }, ok: { type: "string" } },
      anyOf: [{ properties: { "a/b": {}, ["x".repeat(65)]: {}, "fine.name": {} } }],
    });
    expect(Object.keys(outcome.schema.properties as object)).toEqual(["ok", "fine.name"]);
    expect(outcome.info.lost.filter((f) => f.code === "flatten:property-name").map((f) => f.path)).toEqual([
      "/properties/bad name",
      "/anyOf/0/properties/a~1b",
      `/anyOf/0/properties/${"x".repeat(65)}`,
    ]);
  });

  test("a conflict under allOf: the first definition wins", () => {
    const outcome = flat({ type: "object", allOf: [{ properties: { n: { type: "integer" } } }, { properties: { n: { type: "string" } } }] });
    expect(outcome.schema.properties).toEqual({ n: { type: "integer" } });
    expect(outcome.info.lost.map((f) => f.code)).toEqual(["flatten:property-conflict"]);
  });

  test("a conflict under anyOf / oneOf becomes anyOf, string-typed definitions first; equal ones are kept once", () => {
    const outcome = flat({
      type: "object",
      oneOf: [
        { properties: { t: { type: "integer" }, same: { type: "string" } } },
        { properties: { t: { type: "string" }, same: { type: "string" } } },
        { properties: { t: { type: "null" } } },
      ],
    });
    expect(outcome.schema.properties).toEqual({
      t: { anyOf: [{ type: "string" }, { type: "integer" }, { type: "null" }] },
      same: { type: "string" },
    });
  });

  test.each([
    ["anyOf", { anyOf: [{ required: ["a"] }, { required: ["b", "c"] }] }, "Input constraint: Provide parameters for at least one of: (a) or (b, c)."],
    ["oneOf", { oneOf: [{ required: ["a"] }, { required: ["b"] }] }, "Input constraint: Provide parameters for exactly one of: (a) or (b)."],
    ["oneOf and anyOf: the oneOf wording and groups win", { anyOf: [{ required: ["a"] }], oneOf: [{ required: ["b"] }, { required: ["c"] }] }, "Input constraint: Provide parameters for exactly one of: (b) or (c)."],
    ["allOf", { allOf: [{ required: ["a"] }] }, "Input constraint: all listed parameters apply together (flattened from a JSON Schema allOf)."],
    ["a branch without required: its property names", { anyOf: [{ properties: { x: {}, y: {} } }, { required: ["z"] }] }, "Input constraint: Provide parameters for at least one of: (x, y) or (z)."],
    ["no group at all (anyOf)", { anyOf: [{}, {}] }, "Input constraint: Provide parameters for at least one of the documented parameter groups (flattened from a JSON Schema anyOf)."],
    ["no group at all (oneOf)", { oneOf: [{}] }, "Input constraint: Provide parameters for exactly one of the documented parameter groups (flattened from a JSON Schema oneOf)."],
  ])("the sentence for %s", (_label, combinators, sentence) => {
    expect(flat({ type: "object", ...combinators }).info.sentence).toBe(sentence);
  });

  test("keywords of a branch other than its properties and required are reported as lost", () => {
    const outcome = flat({ type: "object", anyOf: [{ properties: { a: {} }, additionalProperties: false, minProperties: 1 }] });
    expect(outcome.info.lost.filter((f) => f.code === "flatten:branch-keyword").map((f) => f.path)).toEqual(["/anyOf/0/additionalProperties", "/anyOf/0/minProperties"]);
  });

  test("a nested anyOf is left alone", () => {
    const schema = { type: "object", properties: { due: { anyOf: [{ type: "string" }, { type: "null" }] } } };
    expect(flattenSchema(schema)).toEqual({ status: "unchanged", schema });
  });

  test("a root combinator that is not an array cannot be flattened", () => {
    expect(flattenSchema({ type: "object", anyOf: { a: 1 } })).toEqual({
      status: "failed",
      keyword: "anyOf",
      reason: "cannot flatten root anyOf: it is a object, not an array of schemas",
    });
  });

  test.each([[{ type: "object", properties: {} }], [null], ["string"], [[1, 2]]])("leaves %j unchanged", (schema) => {
    expect(flattenSchema(schema)).toEqual({ status: "unchanged", schema });
  });
});

describe("the sentence and the description", () => {
  test.each([
    ["a description", "Get an issue.", "S\n\nGet an issue."],
    ["none", "", "S"],
  ])("%s", (_label, description, expected) => {
    expect(withConstraintSentence("S", description)).toBe(expected);
  });

  test("constraintSentence joins groups with ' or '", () => {
    expect(constraintSentence("anyOf", [{ properties: [], required: ["a"] }, { properties: [], required: ["b"] }, { properties: [], required: ["c", "d"] }])).toBe(
      "Input constraint: Provide parameters for at least one of: (a) or (b) or (c, d).",
    );
  });
});
