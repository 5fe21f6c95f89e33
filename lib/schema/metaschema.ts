/**
 * Is a value a valid schema under the JSON Schema 2020-12 metaschema (its seven vocabularies and the
 * legacy keywords it keeps), as Ajv's `validateSchema` decides with formats off (docs/fleet-snapshot.md
 * rule 5)? The same answer as Ajv, an order of magnitude sooner: the checks ask it first and run Ajv
 * only on an invalid schema, to word every place. Every keyword of the metaschema is a row below.
 * The caller bounds the depth (checks.ts refuses schemas nested over MAX_SCHEMA_DEPTH).
 */

type Rule = (value: unknown) => boolean;

const SIMPLE_TYPES: ReadonlySet<string> = new Set(["array", "boolean", "integer", "null", "number", "object", "string"]);
const ANCHOR = /^[A-Za-z_][-A-Za-z0-9._]*$/u;
const ID = /^[^#]*#?$/u;

// Ajv's type tests with `strict: false` (no isFinite): the metaschema's "number" and "integer".
const isNumber: Rule = (v) => typeof v === "number";
const isNonNegativeInteger: Rule = (v) => typeof v === "number" && !(v % 1) && !Number.isNaN(v) && v >= 0;
const isString: Rule = (v) => typeof v === "string";
const isBoolean: Rule = (v) => typeof v === "boolean";
const isArray: Rule = (v) => Array.isArray(v);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

// Unique items: short lists (nearly all) are compared pairwise, longer ones through a set.
function allDistinct(value: unknown[]): boolean {
  if (value.length > 16) return new Set(value).size === value.length;
  for (let i = 1; i < value.length; i++) for (let j = 0; j < i; j++) if (value[i] === value[j]) return false;
  return true;
}

function isStringArray(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (const item of value) if (typeof item !== "string") return false;
  return allDistinct(value);
}

function isTypeValue(value: unknown): boolean {
  if (typeof value === "string") return SIMPLE_TYPES.has(value);
  if (!Array.isArray(value) || value.length === 0) return false;
  for (const item of value) if (typeof item !== "string" || !SIMPLE_TYPES.has(item)) return false;
  return allDistinct(value);
}

// Every own value of an object passes `rule` (no array of values is made).
function everyValue(object: Record<string, unknown>, rule: Rule): boolean {
  for (const key in object) if (Object.prototype.hasOwnProperty.call(object, key) && !rule(object[key])) return false;
  return true;
}

const isSchemaArray: Rule = (v) => Array.isArray(v) && v.length > 0 && v.every(isValid2020Schema);
const isSchemaMap: Rule = (v) => isObject(v) && everyValue(v, isValid2020Schema);

/** Each keyword the metaschema constrains, and what its value must be; any other keyword may hold anything. */
const RULES: ReadonlyMap<string, Rule> = new Map<string, Rule>([
  // core
  ["$id", (v) => typeof v === "string" && ID.test(v)],
  ["$schema", isString],
  ["$ref", isString],
  ["$anchor", (v) => typeof v === "string" && ANCHOR.test(v)],
  ["$dynamicRef", isString],
  ["$dynamicAnchor", (v) => typeof v === "string" && ANCHOR.test(v)],
  ["$vocabulary", (v) => isObject(v) && Object.values(v).every(isBoolean)],
  ["$comment", isString],
  ["$defs", isSchemaMap],
  // applicator
  ["prefixItems", isSchemaArray],
  ["items", isValid2020Schema],
  ["contains", isValid2020Schema],
  ["additionalProperties", isValid2020Schema],
  ["properties", isSchemaMap],
  ["patternProperties", isSchemaMap],
  ["dependentSchemas", isSchemaMap],
  ["propertyNames", isValid2020Schema],
  ["if", isValid2020Schema],
  ["then", isValid2020Schema],
  ["else", isValid2020Schema],
  ["allOf", isSchemaArray],
  ["anyOf", isSchemaArray],
  ["oneOf", isSchemaArray],
  ["not", isValid2020Schema],
  // unevaluated
  ["unevaluatedItems", isValid2020Schema],
  ["unevaluatedProperties", isValid2020Schema],
  // validation
  ["type", isTypeValue],
  ["enum", isArray],
  ["multipleOf", (v) => typeof v === "number" && v > 0],
  ["maximum", isNumber],
  ["exclusiveMaximum", isNumber],
  ["minimum", isNumber],
  ["exclusiveMinimum", isNumber],
  ["maxLength", isNonNegativeInteger],
  ["minLength", isNonNegativeInteger],
  ["pattern", isString],
  ["maxItems", isNonNegativeInteger],
  ["minItems", isNonNegativeInteger],
  ["uniqueItems", isBoolean],
  ["maxContains", isNonNegativeInteger],
  ["minContains", isNonNegativeInteger],
  ["maxProperties", isNonNegativeInteger],
  ["minProperties", isNonNegativeInteger],
  ["required", isStringArray],
  ["dependentRequired", (v) => isObject(v) && Object.values(v).every(isStringArray)],
  // meta-data
  ["title", isString],
  ["description", isString],
  ["deprecated", isBoolean],
  ["readOnly", isBoolean],
  ["writeOnly", isBoolean],
  ["examples", isArray],
  // format-annotation, content
  ["format", isString],
  ["contentEncoding", isString],
  ["contentMediaType", isString],
  ["contentSchema", isValid2020Schema],
  // kept from earlier drafts by the 2020-12 metaschema itself
  ["definitions", isSchemaMap],
  ["dependencies", (v) => isObject(v) && Object.values(v).every((d) => isValid2020Schema(d) || isStringArray(d))],
  ["$recursiveAnchor", (v) => typeof v === "string" && ANCHOR.test(v)],
  ["$recursiveRef", isString],
]);

/** True exactly when Ajv's 2020-12 `validateSchema` (formats off) accepts `schema`. */
export function isValid2020Schema(schema: unknown): boolean {
  if (typeof schema === "boolean") return true;
  if (!isObject(schema)) return false;
  for (const key in schema) {
    if (!Object.prototype.hasOwnProperty.call(schema, key)) continue;
    const rule = RULES.get(key);
    if (rule !== undefined && !rule(schema[key])) return false;
  }
  return true;
}

/**
 * The same for a root as the checks hand it over: without its `$schema` (the dialect is settled
 * before) and without root keys whose value is null (Claude Code removes them before it checks).
 */
export function isValid2020Root(schema: Record<string, unknown>): boolean {
  for (const key in schema) {
    if (!Object.prototype.hasOwnProperty.call(schema, key) || key === "$schema") continue;
    const value = schema[key];
    if (value === null) continue;
    const rule = RULES.get(key);
    if (rule !== undefined && !rule(value)) return false;
  }
  return true;
}
