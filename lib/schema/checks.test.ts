import { describe, expect, test } from "vitest";
import { checkMetaschema, checkPortability, checkPropertyNames, checkSchema, schemaDialect } from "./checks";

describe("checkPropertyNames (top level only)", () => {
  test.each([
    ["letters, digits, _ . -", { "a.b-c_9": {} }, "pass", []],
    ["a space", { "issue id": {} }, "fail", ["/properties/issue id"]],
    ["a slash, escaped in the pointer", { "a/b": {} }, "fail", ["/properties/a~1b"]],
    ["a non-ASCII letter", { "café": {} }, "fail", ["/properties/café"]],
    ["65 characters", { ["x".repeat(65)]: {} }, "fail", [`/properties/${"x".repeat(65)}`]],
    ["64 characters", { ["x".repeat(64)]: {} }, "pass", []],
    ["an empty name", { "": {} }, "fail", ["/properties/"]],
  ])("%s", (_label, properties, status, paths) => {
    const outcome = checkPropertyNames({ type: "object", properties });
    expect(outcome.check.status).toBe(status);
    expect(outcome.errors.map((e) => e.path)).toEqual(paths);
    expect(outcome.errors.every((e) => e.code === "schema:property-name" && e.fix)).toBe(true);
  });

  test("a nested bad name is not the Claude API's business", () => {
    expect(checkPropertyNames({ type: "object", properties: { ok: { type: "object", properties: { "bad name": {} } } } }).check.status).toBe("pass");
  });
});

describe("checkMetaschema", () => {
  test.each([
    [undefined, "2020-12"],
    ["https://json-schema.org/draft/2020-12/schema", "2020-12"],
    ["http://json-schema.org/draft/2020-12/schema#", "2020-12"],
    ["http://json-schema.org/draft-07/schema#", "draft-07"],
    ["http://json-schema.org/draft-04/schema#", "draft-04"],
    ["https://json-schema.org/draft/2019-09/schema", "2019-09"],
    ["urn:example:custom", "urn:example:custom"],
  ])("$schema %j is dialect %s", (declared, dialect) => {
    expect(schemaDialect(declared === undefined ? { type: "object" } : { $schema: declared, type: "object" })).toBe(dialect);
  });

  test.each([
    ["draft-07", "http://json-schema.org/draft-07/schema#", "metaschema check skipped: $schema is draft-07, so the schema is sent unchecked"],
    ["2020-12 over http", "http://json-schema.org/draft/2020-12/schema", "metaschema check skipped: $schema is 2020-12, so the schema is sent unchecked"],
    ["a number", 7, "metaschema check skipped: $schema is a number, so the schema is sent unchecked"],
  ])("a %s $schema is skipped (only absent or the exact 2020-12 URI is checked), and says so", (_label, declared, message) => {
    const outcome = checkMetaschema({ $schema: declared, type: "object", properties: { a: { type: "strin" } } });
    expect(outcome.check).toEqual({ check: "metaschema", status: "skipped", message });
    expect(outcome.errors).toEqual([]);
  });

  test.each([["https://json-schema.org/draft/2020-12/schema"], ["https://json-schema.org/draft/2020-12/schema#"]])("%s is checked", (declared) => {
    expect(checkMetaschema({ $schema: declared, type: "object", properties: { a: { type: "strin" } } }).check.status).toBe("fail");
  });

  test("a schema 200 levels deep is checked; one deeper than the limit is reported, never recursed into", () => {
    const nest = (levels: number) => {
      let schema: Record<string, unknown> = { type: "string" };
      for (let i = 0; i < levels; i++) schema = { type: "object", properties: { a: schema } };
      return schema;
    };
    expect(checkMetaschema(nest(100)).check.status).toBe("pass");
    const deep = checkMetaschema(nest(5_000));
    expect(deep.check.status).toBe("warn");
    expect(deep.warnings.map((w) => w.code)).toEqual(["schema:too-deep"]);
    expect(checkPortability(nest(5_000)).check.status).toBe("pass");
  });

  test.each([
    ["no $schema", { type: "object", properties: { a: { type: "string" } } }],
    ["$schema 2020-12", { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object" }],
    ["unknown keywords", { type: "object", "x-foo": 1, properties: { a: { type: "string", example: "x" } } }],
  ])("passes with %s", (_label, schema) => {
    expect(checkMetaschema(schema).check.status).toBe("pass");
  });

  test.each([
    ["a misspelt type", { type: "object", properties: { a: { type: "strin" } } }, "/properties/a/type"],
    ["required as a string", { type: "object", required: "a" }, "/required"],
    ["a negative maxLength", { type: "object", properties: { a: { type: "string", maxLength: -1 } } }, "/properties/a/maxLength"],
  ])("fails under 2020-12 with %s, naming the place", (_label, schema, path) => {
    const outcome = checkMetaschema(schema);
    expect(outcome.check.status).toBe("fail");
    expect(outcome.errors.map((e) => e.path)).toContain(path);
    expect(outcome.errors[0].message).toMatch(/^not valid JSON Schema 2020-12 at /);
  });

});

describe("checkPortability", () => {
  test.each([
    ["a type array", { type: "object", properties: { q: { type: ["string", "null"] } } }, "schema:type-array", "/properties/q/type"],
    ["a $ref outside the document", { type: "object", properties: { a: { $ref: "https://example.com/a.json" } } }, "schema:external-ref", "/properties/a/$ref"],
    ["a bare true as a property", { type: "object", properties: { a: true } }, "schema:boolean-schema", "/properties/a"],
    ["a bare false in items", { type: "object", properties: { a: { type: "array", items: false } } }, "schema:boolean-schema", "/properties/a/items"],
    ["an empty property schema", { type: "object", properties: { a: {} } }, "schema:unconstrained", "/properties/a"],
    ["a description-only schema in $defs", { type: "object", $defs: { x: { description: "anything" } } }, "schema:unconstrained", "/$defs/x"],
    ["an anyOf branch constraining nothing", { type: "object", properties: { a: { anyOf: [{ type: "string" }, {}] } } }, "schema:unconstrained", "/properties/a/anyOf/1"],
  ])("warns about %s, with its path and a fix", (_label, schema, code, path) => {
    const outcome = checkPortability(schema);
    expect(outcome.check.status).toBe("warn");
    expect(outcome.warnings).toEqual([expect.objectContaining({ code, path, fix: expect.any(String) })]);
  });

  test.each([
    ["additionalProperties: false", { type: "object", properties: { a: { type: "string" } }, additionalProperties: false }],
    ["a local $ref", { type: "object", properties: { a: { $ref: "#/$defs/a" } }, $defs: { a: { type: "string" } } }],
    ['{"not": {}}', { type: "object", properties: { a: { not: {} } } }],
    ["a root without properties", { type: "object" }],
  ])("says nothing about %s", (_label, schema) => {
    expect(checkPortability(schema).warnings).toEqual([]);
  });
});

test("checkSchema runs every check and splits errors from warnings", () => {
  const report = checkSchema({ type: "object", properties: { "bad name": { type: ["string", "null"] } } });
  expect(report.checks.map((c) => [c.check, c.status])).toEqual([
    ["property-names", "fail"],
    ["metaschema", "pass"],
    ["portability", "warn"],
  ]);
  expect(report.errors.map((e) => e.code)).toEqual(["schema:property-name"]);
  expect(report.warnings.map((w) => w.code)).toEqual(["schema:type-array"]);
});
