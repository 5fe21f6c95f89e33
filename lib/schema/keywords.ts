/**
 * Which JSON Schema keywords hold subschemas, as lookup tables (after json-schema-traverse), shared
 * by the checks and the flattener.
 */

/** Keywords whose value is one subschema. */
export const SINGLE_SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  "additionalItems",
  "additionalProperties",
  "contains",
  "contentSchema",
  "else",
  "if",
  "items",
  "not",
  "propertyNames",
  "then",
  "unevaluatedItems",
  "unevaluatedProperties",
]);

/** Keywords whose value is an array of subschemas (`items` too in drafts before 2020-12). */
export const ARRAY_SCHEMA_KEYWORDS: ReadonlySet<string> = new Set(["allOf", "anyOf", "oneOf", "prefixItems", "items"]);

/** Keywords whose value maps names to subschemas. */
export const MAP_SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  "$defs",
  "definitions",
  "dependentSchemas",
  "dependencies",
  "patternProperties",
  "properties",
]);

/** The root combinators that are flattened (docs/fleet-snapshot.md, rule 4). */
export const ROOT_COMBINATORS = ["allOf", "anyOf", "oneOf"] as const;

/** Keywords that describe but never constrain: a schema holding only these accepts anything. */
export const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set([
  "$comment",
  "$id",
  "$anchor",
  "$schema",
  "default",
  "deprecated",
  "description",
  "examples",
  "readOnly",
  "title",
  "writeOnly",
]);

/** Where a bare boolean is the idiomatic form (`additionalProperties: false`), so not worth a warning. */
export const BOOLEAN_IDIOMATIC_KEYWORDS: ReadonlySet<string> = new Set([
  "additionalItems",
  "additionalProperties",
  "unevaluatedItems",
  "unevaluatedProperties",
]);
