/**
 * The fast metaschema check against Ajv itself: the same verdict on a table of edge cases and on
 * thousands of generated schemas (seeded, so a failure reproduces), valid and invalid at every depth.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, test } from "vitest";
import { isValid2020Root, isValid2020Schema } from "./metaschema";

const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
// Ajv picks the metaschema by the root `$schema` (and throws for one it lacks): checks.ts removes it first, as here.
const withoutDialect = (schema: unknown) => {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return schema;
  const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
  return rest;
};
const ajvSays = (schema: unknown) => ajv.validateSchema(withoutDialect(schema) as object) as boolean;
const fastSays = (schema: unknown) => isValid2020Schema(withoutDialect(schema));

describe("isValid2020Schema agrees with Ajv", () => {
  test.each([
    ["an empty schema", {}],
    ["true", true],
    ["false", false],
    ["an array", []],
    ["a string", "object"],
    ["a typical tool schema", { type: "object", properties: { q: { type: "string", minLength: 1 } }, required: ["q"], additionalProperties: false }],
    ["type array", { type: ["string", "null"] }],
    ["empty type array", { type: [] }],
    ["repeated type", { type: ["string", "string"] }],
    ["unknown type", { type: "text" }],
    ["required not unique", { required: ["a", "a"] }],
    ["required with a number", { required: ["a", 1] }],
    ["required true", { required: true }],
    ["items as an array", { items: [{ type: "string" }] }],
    ["empty anyOf", { anyOf: [] }],
    ["anyOf with a number", { anyOf: [1] }],
    ["negative minLength", { minLength: -1 }],
    ["fractional maxItems", { maxItems: 1.5 }],
    ["integer-valued float", { maxItems: 2.0 }],
    ["multipleOf 0", { multipleOf: 0 }],
    ["string minimum", { minimum: "0" }],
    ["$id with a fragment", { $id: "http://x/y#frag" }],
    ["$id with an empty fragment", { $id: "http://x/y#" }],
    ["bad anchor", { $anchor: "1abc" }],
    ["good anchor", { $anchor: "a-b.c" }],
    ["$vocabulary with a non-boolean", { $vocabulary: { "https://x": 1 } }],
    ["dependencies with a string array", { dependencies: { a: ["b"] } }],
    ["dependencies with a bad array", { dependencies: { a: ["b", "b"] } }],
    ["dependencies with a schema", { dependencies: { a: { type: "string" } } }],
    ["dependentRequired", { dependentRequired: { a: ["b", 2] } }],
    ["properties as an array", { properties: [] }],
    ["a bad nested schema", { properties: { a: { properties: { b: { type: 5 } } } } }],
    ["a bad schema under $defs", { $defs: { x: { enum: "a" } } }],
    ["unknown keywords hold anything", { "x-foo": { type: 5 }, nullable: true }],
    ["enum of anything", { enum: [1, "a", null, { b: [] }] }],
    ["examples not an array", { examples: "x" }],
    ["format not a string", { format: 5 }],
    ["deprecated not a boolean", { deprecated: "yes" }],
    ["contentSchema", { contentSchema: { type: 1 } }],
    ["$recursiveAnchor", { $recursiveAnchor: true }],
    ["const anything", { const: { a: [1] } }],
    ["default anything", { default: null }],
  ])("%s", (_label, schema) => {
    expect(fastSays(schema)).toBe(ajvSays(schema));
  });

  // mulberry32: the same schemas on every run.
  function prng(seed: number): () => number {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const KEYWORDS = [
    "$id", "$schema", "$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$vocabulary", "$comment", "$defs", "prefixItems", "items", "contains",
    "additionalProperties", "properties", "patternProperties", "dependentSchemas", "propertyNames", "if", "then", "else", "allOf", "anyOf", "oneOf",
    "not", "unevaluatedItems", "unevaluatedProperties", "type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum",
    "exclusiveMinimum", "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains", "maxProperties",
    "minProperties", "required", "dependentRequired", "title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples", "format",
    "contentEncoding", "contentMediaType", "contentSchema", "definitions", "dependencies", "$recursiveAnchor", "$recursiveRef", "x-custom", "nullable",
  ];
  const SCALARS = [0, 1, -1, 1.5, 2.0, -0, 1e300, "", "a", "string", "object", "#", "a#b", "a#", "_x", "1x", true, false, null];

  function value(rand: () => number, depth: number): unknown {
    const roll = rand();
    if (depth > 4 || roll < 0.35) return SCALARS[Math.floor(rand() * SCALARS.length)];
    if (roll < 0.55) return schema(rand, depth + 1);
    if (roll < 0.75) {
      const n = Math.floor(rand() * 3);
      return Array.from({ length: n }, () => (rand() < 0.5 ? ["string", "null", "integer", "a", "a"][Math.floor(rand() * 5)] : value(rand, depth + 1)));
    }
    const out: Record<string, unknown> = {};
    for (let i = Math.floor(rand() * 3); i > 0; i--) out[["a", "b", "https://v", "c"][Math.floor(rand() * 4)]] = rand() < 0.6 ? schema(rand, depth + 1) : value(rand, depth + 1);
    return out;
  }

  function schema(rand: () => number, depth: number): unknown {
    if (rand() < 0.1) return rand() < 0.5;
    const out: Record<string, unknown> = {};
    for (let i = 1 + Math.floor(rand() * 4); i > 0; i--) out[KEYWORDS[Math.floor(rand() * KEYWORDS.length)]] = value(rand, depth);
    return out;
  }

  test("on 5,000 generated schemas, valid and invalid", () => {
    const rand = prng(20_261_130);
    let valid = 0;
    const disagreements: unknown[] = [];
    for (let i = 0; i < 5_000; i++) {
      const s = schema(rand, 0);
      const expected = ajvSays(s);
      if (expected) valid++;
      if (fastSays(s) !== expected) disagreements.push(s);
      // The root as checks.ts hands it over: null members and $schema are not the metaschema's business.
      if (typeof s === "object" && s !== null) {
        const rest = Object.fromEntries(Object.entries(s).filter(([k, v]) => k !== "$schema" && v !== null));
        if (isValid2020Root(s as Record<string, unknown>) !== ajvSays(rest)) disagreements.push(s);
      }
    }
    expect(disagreements).toEqual([]);
    // The generator must exercise both answers, or the agreement means little.
    expect(valid).toBeGreaterThan(500);
    expect(valid).toBeLessThan(4_500);
  });
});
