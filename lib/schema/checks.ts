/**
 * The schema checks of docs/fleet-snapshot.md rule 5, run on the final (flattened) schema as the Claude API
 * checks it: top-level property names and the JSON Schema 2020-12 metaschema; plus the portability
 * warnings that MCP Inspector's CLI lints (type arrays, outside $refs, bare booleans, empty subschemas).
 */
import type { ErrorObject } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { compareCodeUnits, isPlainObject } from "@/lib/json/values";
import { count, plural } from "@/lib/text/count";
import type { CheckResult, Finding } from "./types";
import { pointer } from "@/lib/json/pointer";
import { ANNOTATION_KEYWORDS, ARRAY_SCHEMA_KEYWORDS, BOOLEAN_IDIOMATIC_KEYWORDS, MAP_SCHEMA_KEYWORDS, SINGLE_SCHEMA_KEYWORDS } from "./keywords";
import { MAX_SCHEMA_DEPTH, nestingDepth } from "./depth";
import { isValid2020Root } from "./metaschema";

/** The Claude API's rule for top-level property names. */
export const PROPERTY_NAME_PATTERN = /^[a-zA-Z0-9_.-]{1,64}$/;

export interface CheckOutcome {
  check: CheckResult;
  /** Reasons to exclude the tool (empty unless the check failed). */
  errors: Finding[];
  warnings: Finding[];
}

export interface SchemaCheckReport {
  checks: CheckResult[];
  errors: Finding[];
  warnings: Finding[];
}

/** Every check of rule 5 on one final schema. */
export function checkSchema(schema: unknown): SchemaCheckReport {
  const outcomes = [checkPropertyNames(schema), checkMetaschema(schema), checkPortability(schema)];
  return {
    checks: outcomes.map((o) => o.check),
    errors: outcomes.flatMap((o) => o.errors),
    warnings: outcomes.flatMap((o) => o.warnings),
  };
}

const PROPERTY_NAMES_PASS: CheckOutcome = Object.freeze({
  check: Object.freeze({ check: "property-names", status: "pass", message: "every top-level property name matches ^[a-zA-Z0-9_.-]{1,64}$" }) as CheckResult,
  errors: Object.freeze([]) as unknown as Finding[],
  warnings: Object.freeze([]) as unknown as Finding[],
});

export function checkPropertyNames(schema: unknown): CheckOutcome {
  const properties = isPlainObject(schema) ? schema.properties : undefined;
  if (!isPlainObject(properties)) {
    return { check: { check: "property-names", status: "pass", message: "no top-level properties" }, errors: [], warnings: [] };
  }
  let allMatch = true;
  for (const name in properties) if (!PROPERTY_NAME_PATTERN.test(name)) allMatch = false;
  if (allMatch) return PROPERTY_NAMES_PASS;
  const errors: Finding[] = Object.keys(properties)
    .filter((name) => !PROPERTY_NAME_PATTERN.test(name))
    .sort()
    .map((name) => ({
      code: "schema:property-name",
      message: `property name ${JSON.stringify(name)} breaks ^[a-zA-Z0-9_.-]{1,64}$ (the Claude API rejects the tool)`,
      path: pointer("", "properties", name),
      fix: "rename the property to letters, digits, _ . or - (1 to 64 characters)",
    }));
  return {
    check: {
      check: "property-names",
      status: errors.length > 0 ? "fail" : "pass",
      message:
        errors.length > 0
          ? `${count(errors.length, "top-level property name")} ${plural(errors.length, "breaks", "break")} ^[a-zA-Z0-9_.-]{1,64}$`
          : "every top-level property name matches ^[a-zA-Z0-9_.-]{1,64}$",
    },
    errors,
    warnings: [],
  };
}

/** The dialect a schema declares, for messages: "2020-12" when `$schema` is absent or names 2020-12. */
export function schemaDialect(schema: unknown): string {
  const declared = isPlainObject(schema) ? schema.$schema : undefined;
  if (declared === undefined) return "2020-12";
  if (typeof declared !== "string") return "(not a string)";
  const known: [RegExp, string][] = [
    [/json-schema\.org\/draft\/2020-12\/schema/, "2020-12"],
    [/json-schema\.org\/draft\/2019-09\/schema/, "2019-09"],
    [/json-schema\.org\/draft-0?(\d+)\/schema/, "draft-0$1"],
  ];
  for (const [pattern, name] of known) {
    const match = pattern.exec(declared);
    if (match) return name.replace("$1", match[1] ?? "");
  }
  return declared;
}

/** The only `$schema` values under which Claude Code validates a tool's schema (docs/clients.md). */
export const DIALECT_2020_12_URIS: ReadonlySet<string> = new Set([
  "https://json-schema.org/draft/2020-12/schema",
  "https://json-schema.org/draft/2020-12/schema#",
]);

/**
 * Is the schema checked against the 2020-12 metaschema? Only when `$schema` is absent (or null) or
 * exactly the 2020-12 https URI (with or without `#`): Claude Code sends a schema declaring anything
 * else unchecked (observed, docs/clients.md).
 */
export function isValidatedAs2020(schema: Record<string, unknown>): boolean {
  const declared = schema.$schema;
  return declared === undefined || declared === null || (typeof declared === "string" && DIALECT_2020_12_URIS.has(declared));
}

let fullAjv: Ajv2020 | undefined;
// Built on first use only: compiling the metaschema costs tens of milliseconds. Most schemas are
// valid, and isValid2020Schema says so as Ajv would, far sooner; only an invalid schema is handed to
// Ajv (allErrors), to list every place.
function metaValidator(): Ajv2020 {
  return (fullAjv ??= new Ajv2020({ strict: false, allErrors: true, validateFormats: false }));
}

const METASCHEMA_PASS: CheckOutcome = Object.freeze({
  check: Object.freeze({ check: "metaschema", status: "pass", message: "valid under the JSON Schema 2020-12 metaschema" }) as CheckResult,
  errors: Object.freeze([]) as unknown as Finding[],
  warnings: Object.freeze([]) as unknown as Finding[],
});

/**
 * `depth`, when the caller has one, is `nestingDepth(schema)` or a bound above it: only whether it
 * passes MAX_SCHEMA_DEPTH matters, so a bound within it spares the walk (several checks of one
 * schema, and a canonical text of n characters nests at most n/2 deep).
 */
export function checkMetaschema(schema: unknown, depth?: number): CheckOutcome {
  if (!isPlainObject(schema)) {
    return { check: { check: "metaschema", status: "skipped", message: "metaschema check skipped: no schema object" }, errors: [], warnings: [] };
  }
  if (!isValidatedAs2020(schema)) {
    const declared = typeof schema.$schema === "string" ? schemaDialect(schema) : `a ${typeof schema.$schema}`;
    return {
      check: { check: "metaschema", status: "skipped", message: `metaschema check skipped: $schema is ${declared}, so the schema is sent unchecked` },
      errors: [],
      warnings: [],
    };
  }
  // Ajv validates by recursion: a schema nested deeper than this would overflow the call stack.
  if ((depth === undefined || depth > MAX_SCHEMA_DEPTH ? nestingDepth(schema) : depth) > MAX_SCHEMA_DEPTH) {
    const message = `the schema nests more than ${MAX_SCHEMA_DEPTH} levels deep; it was not checked against the 2020-12 metaschema`;
    return {
      check: { check: "metaschema", status: "warn", message },
      errors: [],
      warnings: [{ code: "schema:too-deep", message, fix: "flatten the schema, or use $defs and $ref for recursive shapes" }],
    };
  }
  // Ajv throws for a `$schema` it has no copy of (the dialect is settled above); Claude Code also removes
  // root keys whose value is null before it checks (observed).
  if (isValid2020Root(schema)) return METASCHEMA_PASS;
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) if (key !== "$schema" && value !== null) rest[key] = value;
  const ajv = metaValidator();
  try {
    if (ajv.validateSchema(rest)) return METASCHEMA_PASS;
  } catch (error) {
    const message = `the schema could not be checked against the 2020-12 metaschema: ${error instanceof Error ? error.message : String(error)}`;
    return { check: { check: "metaschema", status: "fail", message }, errors: [{ code: "schema:metaschema", message }], warnings: [] };
  }
  const errors = metaschemaFindings(ajv.errors ?? []);
  return {
    check: { check: "metaschema", status: "fail", message: `invalid under the JSON Schema 2020-12 metaschema (${count(errors.length, "place")})` },
    errors,
    warnings: [],
  };
}

// Ajv reports a failed anyOf with every branch's error: keep one plain message per place.
function metaschemaFindings(errors: ErrorObject[]): Finding[] {
  const byPath = new Map<string, ErrorObject>();
  const summaries = new Set(["anyOf", "oneOf", "allOf", "if", "$dynamicRef", "$ref"]);
  for (const error of errors) {
    const current = byPath.get(error.instancePath);
    if (!current || (summaries.has(current.keyword) && !summaries.has(error.keyword))) byPath.set(error.instancePath, error);
  }
  return [...byPath.entries()]
    .sort(([a], [b]) => compareCodeUnits(a, b))
    .map(([path, error]) => {
      const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues;
      const detail = allowed ? `${error.message} (${allowed.map((v) => JSON.stringify(v)).join(", ")})` : error.message;
      return {
        code: "schema:metaschema",
        message: `not valid JSON Schema 2020-12 at ${path || "the root"}: ${detail}`,
        path,
      };
    });
}

const PORTABILITY_PASS: CheckOutcome = Object.freeze({
  check: Object.freeze({ check: "portability", status: "pass", message: "no portability issues" }) as CheckResult,
  errors: Object.freeze([]) as unknown as Finding[],
  warnings: Object.freeze([]) as unknown as Finding[],
});

/** `depth`, when the caller has one, is `nestingDepth(schema)` or a bound above it (as for checkMetaschema). */
export function checkPortability(schema: unknown, depth?: number): CheckOutcome {
  const warnings: Finding[] = [];
  if (isPlainObject(schema)) {
    // Schemas of a sane depth are walked by recursion, writing a place only where there is a finding;
    // deeper ones by a work list, which no depth can overflow.
    if ((depth === undefined || depth > MAX_SCHEMA_DEPTH ? nestingDepth(schema) : depth) <= MAX_SCHEMA_DEPTH) walkShallow(schema, 0, true, undefined, warnings);
    else walk(schema, warnings);
  }
  // Most schemas are portable: one shared outcome says so.
  if (warnings.length === 0) return PORTABILITY_PASS;
  warnings.sort((a, b) => (a.path! < b.path! ? -1 : a.path! > b.path! ? 1 : a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  return {
    check: {
      check: "portability",
      status: warnings.length > 0 ? "warn" : "pass",
      message: warnings.length > 0 ? count(warnings.length, "portability warning") : "no portability issues",
    },
    errors: [],
    warnings,
  };
}

/**
 * Where a node sits: a JSON Pointer, or how many of the walk's tokens lead to it (the pointer is
 * written only when a finding needs it).
 */
type Place = string | number;

// The shallow walk's path, one token per level: written in place, never shrunk, so a walk allocates nothing for it.
const TOKENS: (string | number)[] = [];

function placeText(place: Place, ...more: (string | number)[]): string {
  return typeof place === "string" ? pointer(place, ...more) : pointer("", ...TOKENS.slice(0, place), ...more);
}

// What a keyword holds, in one lookup: `items` is both an array keyword and a single-schema one.
const ARRAY_OR_SINGLE = 3;
const KEYWORD_KIND: ReadonlyMap<string, number> = new Map<string, number>([
  ...[...SINGLE_SCHEMA_KEYWORDS].map((k): [string, number] => [k, 1]),
  ...[...MAP_SCHEMA_KEYWORDS].map((k): [string, number] => [k, 2]),
  ...[...ARRAY_SCHEMA_KEYWORDS].map((k): [string, number] => [k, SINGLE_SCHEMA_KEYWORDS.has(k) ? ARRAY_OR_SINGLE : 0]),
]);

function walkShallow(node: Record<string, unknown>, tokens: number, isRoot: boolean, parentKeyword: string | undefined, out: Finding[]): void {
  lintNode(node, tokens, isRoot, parentKeyword, out);
  for (const key in node) {
    const kind = KEYWORD_KIND.get(key);
    if (kind === undefined) continue;
    const value = node[key];
    if ((kind === 0 || kind === ARRAY_OR_SINGLE) && Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) visitShallow(value[i], tokens, key, i, out);
    } else if (kind === 1 || kind === ARRAY_OR_SINGLE) {
      visitShallow(value, tokens, key, undefined, out);
    } else if (kind === 2 && isPlainObject(value)) {
      // `dependencies` may map to an array of names rather than a schema.
      for (const name in value) if (!Array.isArray(value[name])) visitShallow(value[name], tokens, key, name, out);
    }
  }
}

function visitShallow(sub: unknown, tokens: number, keyword: string, name: string | number | undefined, out: Finding[]): void {
  if (typeof sub === "boolean") {
    if (!BOOLEAN_IDIOMATIC_KEYWORDS.has(keyword)) out.push(booleanSchema(sub, name === undefined ? placeText(tokens, keyword) : placeText(tokens, keyword, name)));
  } else if (isPlainObject(sub)) {
    TOKENS[tokens] = keyword;
    if (name === undefined) walkShallow(sub, tokens + 1, false, keyword, out);
    else {
      TOKENS[tokens + 1] = name;
      walkShallow(sub, tokens + 2, false, keyword, out);
    }
  }
}

function booleanSchema(value: boolean, path: string): Finding {
  return {
    code: "schema:boolean-schema",
    message: `a bare ${value} stands where a schema object belongs; some clients expect an object`,
    path,
    fix: value ? "use {} instead of true" : 'use {"not": {}} instead of false',
  };
}

interface Visit {
  node: Record<string, unknown>;
  path: string;
  isRoot: boolean;
  parentKeyword?: string;
}

// A work list rather than recursion: the deepest schema a server can send must not overflow the stack.
function walk(root: Record<string, unknown>, out: Finding[]): void {
  const pending: Visit[] = [{ node: root, path: "", isRoot: true }];
  const visit = (sub: unknown, path: string, keyword: string) => {
    if (typeof sub === "boolean") {
      if (BOOLEAN_IDIOMATIC_KEYWORDS.has(keyword)) return;
      out.push(booleanSchema(sub, path));
    } else if (isPlainObject(sub)) {
      pending.push({ node: sub, path, isRoot: false, parentKeyword: keyword });
    }
  };
  while (pending.length > 0) {
    const { node, path, isRoot, parentKeyword } = pending.pop()!;
    lintNode(node, path, isRoot, parentKeyword, out);
    for (const key of Object.keys(node)) {
      const value = node[key];
      if (ARRAY_SCHEMA_KEYWORDS.has(key) && Array.isArray(value)) {
        value.forEach((sub, i) => visit(sub, pointer(path, key, i), key));
      } else if (SINGLE_SCHEMA_KEYWORDS.has(key)) {
        visit(value, pointer(path, key), key);
      } else if (MAP_SCHEMA_KEYWORDS.has(key) && isPlainObject(value)) {
        for (const name of Object.keys(value)) {
          // `dependencies` may map to an array of names rather than a schema.
          if (!Array.isArray(value[name])) visit(value[name], pointer(path, key, name), key);
        }
      }
    }
  }
}

function onlyAnnotations(node: Record<string, unknown>): boolean {
  for (const key in node) if (!ANNOTATION_KEYWORDS.has(key)) return false;
  return true;
}

function lintNode(node: Record<string, unknown>, path: Place, isRoot: boolean, parentKeyword: string | undefined, out: Finding[]): void {
  if (Array.isArray(node.type)) {
    out.push({
      code: "schema:type-array",
      message: `type is an array (${node.type.map((t) => JSON.stringify(t)).join(", ")}); some clients read only one type`,
      path: placeText(path, "type"),
      fix: "use a single type, or anyOf with one branch per type",
    });
  }
  if (typeof node.$ref === "string" && !node.$ref.startsWith("#")) {
    out.push({
      code: "schema:external-ref",
      message: `$ref ${JSON.stringify(node.$ref)} points outside the document; clients do not fetch it`,
      path: placeText(path, "$ref"),
      fix: "inline the referenced schema, or move it under $defs and refer to it as #/$defs/<name>",
    });
  }
  if (!isRoot && parentKeyword !== "not" && onlyAnnotations(node)) {
    out.push({
      code: "schema:unconstrained",
      message: "this subschema constrains nothing: any value is accepted and clients cannot build a form for it",
      path: placeText(path),
      fix: 'give it a type, e.g. {"type": "string"}',
    });
  }
}
