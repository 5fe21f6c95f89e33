import { describe, expect, test } from "vitest";
import { flattenSchema } from "./flatten";

describe("flattenSchema", () => {
  test("root oneOf: merged properties, required kept only where every branch needs it, the sentence and the lost constraint", () => {
    const outcome = flattenSchema({
      type: "object",
      description: "kept",
      properties: { project: { type: "string" } },
      required: ["project"],
      oneOf: [
        { properties: { id: { type: "string" } }, required: ["id"] },
        { properties: { key: { type: "string" } }, required: ["key"] },
      ],
    });
    expect(outcome).toMatchInlineSnapshot(`
      {
        "info": {
          "keyword": "oneOf",
          "lostConstraint": "the server must check: exactly one of (id) or (key)",
          "sentence": "Provide exactly one of: (id) or (key).",
        },
        "schema": {
          "description": "kept",
          "properties": {
            "id": {
              "type": "string",
            },
            "key": {
              "type": "string",
            },
            "project": {
              "type": "string",
            },
          },
          "required": [
            "project",
          ],
          "type": "object",
        },
        "status": "flattened",
      }
    `);
  });

  test("root anyOf: 'at least one', required shared by every branch stays required, a property typed twice becomes anyOf", () => {
    const outcome = flattenSchema({
      type: "object",
      anyOf: [
        { type: "object", properties: { email: { type: "string" }, tenant: { type: "string" } }, required: ["email", "tenant"] },
        { properties: { phone: { type: "string" }, tenant: { type: "integer" } }, required: ["phone", "tenant"] },
      ],
    });
    expect(outcome).toMatchInlineSnapshot(`
      {
        "info": {
          "keyword": "anyOf",
          "lostConstraint": "the server must check: at least one of (email, tenant) or (phone, tenant)",
          "sentence": "Provide at least one of: (email, tenant) or (phone, tenant).",
        },
        "schema": {
          "properties": {
            "email": {
              "type": "string",
            },
            "phone": {
              "type": "string",
            },
            "tenant": {
              "anyOf": [
                {
                  "type": "string",
                },
                {
                  "type": "integer",
                },
              ],
            },
          },
          "required": [
            "tenant",
          ],
          "type": "object",
        },
        "status": "flattened",
      }
    `);
  });

  test("root allOf: union of required, nothing lost, no sentence, a property typed twice becomes allOf", () => {
    const outcome = flattenSchema({
      allOf: [
        { properties: { repo: { type: "string" }, limit: { type: "integer" } }, required: ["repo"] },
        { properties: { title: { type: "string" }, limit: { maximum: 50 } }, required: ["title"] },
      ],
    });
    expect(outcome).toMatchInlineSnapshot(`
      {
        "info": {
          "keyword": "allOf",
        },
        "schema": {
          "properties": {
            "limit": {
              "allOf": [
                {
                  "type": "integer",
                },
                {
                  "maximum": 50,
                },
              ],
            },
            "repo": {
              "type": "string",
            },
            "title": {
              "type": "string",
            },
          },
          "required": [
            "repo",
            "title",
          ],
          "type": "object",
        },
        "status": "flattened",
      }
    `);
  });

  test("a nested anyOf is left alone", () => {
    const schema = { type: "object", properties: { due: { anyOf: [{ type: "string" }, { type: "null" }] } } };
    expect(flattenSchema(schema)).toEqual({ status: "unchanged", schema });
  });

  test("the same property schema in two places is kept once", () => {
    const outcome = flattenSchema({ type: "object", properties: { id: { type: "string" } }, anyOf: [{ properties: { id: { type: "string" } } }, { required: ["id"] }] });
    expect(outcome.status === "flattened" && outcome.schema.properties).toEqual({ id: { type: "string" } });
    expect(outcome.status === "flattened" && outcome.info.sentence).toBe("Provide at least one of: (nothing required) or (id).");
  });

  test.each([
    ["a $ref branch", { type: "object", oneOf: [{ $ref: "#/$defs/a" }, { required: ["b"] }] }, "branch /oneOf/0 is a $ref"],
    ["a non-object branch type", { type: "object", anyOf: [{ type: "string" }] }, 'branch /anyOf/0 has type "string", not "object"'],
    ["a boolean branch", { type: "object", anyOf: [true] }, "branch /anyOf/0 is the boolean schema true"],
    ["a combinator inside a branch's root", { type: "object", allOf: [{ anyOf: [{ required: ["a"] }] }] }, "branch /allOf/0 holds its own anyOf"],
    ["an empty combinator", { type: "object", oneOf: [] }, "root oneOf must be a non-empty array"],
    ["two root combinators", { type: "object", anyOf: [{}], oneOf: [{}] }, "the root holds anyOf and oneOf at once"],
    ["a branch with bad required", { type: "object", anyOf: [{ required: "id" }] }, "/anyOf/0/required is not an array"],
  ])("fails as a result, with a reason, for %s", (_label, schema, reason) => {
    const outcome = flattenSchema(schema);
    expect(outcome.status).toBe("failed");
    expect(outcome.status === "failed" && outcome.reason).toContain(reason);
  });

  test.each([[{ type: "object", properties: {} }], [null], ["string"], [[1, 2]]])("leaves %j unchanged", (schema) => {
    expect(flattenSchema(schema)).toEqual({ status: "unchanged", schema });
  });
});
