/**
 * Checks a value (a tool call's arguments, a result's structuredContent) against a JSON Schema in the
 * schema's own dialect (MCP: 2020-12 when `$schema` is absent; draft-07 and 2019-09 through Ajv's own
 * classes), every failure with its reason and where in the value it is. A schema no validator should
 * be handed (nesting past 512 levels, a reference loop that consumes nothing, one Ajv cannot compile)
 * is a value saying why it was not checked, never a thrown error or a hung process.
 */
import type { ErrorObject, ValidateFunction } from "ajv";
import { Ajv } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import { isPlainObject } from "@/lib/json/values";
import { pointerTokens } from "@/lib/json/pointer";
import { schemaDialect } from "./checks";
import { MAX_SCHEMA_DEPTH, nestingDepth } from "./depth";
import { hashJson } from "./hash";
import { describeCycle, inPlaceCycle } from "./in-place-cycle";

/** The dialects a value can be checked in. */
export type CheckedDialect = "2020-12" | "2019-09" | "draft-07";

export interface InstanceError {
  /** Where in the value, as JSONPath: `$`, `$.title`, `$.labels[0]`, `$["odd key"]`. */
  path: string;
  /** The same place as a JSON Pointer (`""` is the whole value). */
  pointer: string;
  /** The reason in words: `missing required property "title"`, `must be integer`. */
  message: string;
  /** The schema keyword that failed (`required`, `type`, `oneOf`, ...). */
  keyword: string;
  /** Where in the schema, as a JSON Pointer (`#/properties/priority/enum`). */
  schemaPath: string;
}

export type InstanceCheck =
  | { status: "valid"; dialect: CheckedDialect; note?: string }
  | { status: "invalid"; dialect: CheckedDialect; note?: string; errors: InstanceError[] }
  | { status: "unchecked"; dialect: string; reason: string };

/**
 * Ajv turns a schema into code, and the time grows with the schema: about a second per 1,000 subschemas on
 * this project's machines. A bigger schema is not compiled, so a call never waits seconds on a check.
 */
export const MAX_SCHEMA_OBJECTS = 1_000;

/** At most this many failures are listed (a big wrong value can fail in thousands of places). */
export const MAX_INSTANCE_ERRORS = 20;
/** Compiled validators kept, least recently used dropped first. */
const CACHE_SIZE = 64;

type AnyAjv = Ajv | Ajv2019 | Ajv2020;

const OPTIONS = {
  strict: false,
  allErrors: true,
  // No format plugin is bundled: `format` is an annotation here, as the 2020-12 default says.
  validateFormats: false,
} as const;

const instances = new Map<CheckedDialect, AnyAjv>();
const cache = new Map<string, ValidateFunction>();
/** The same schema object checked again (a tool called twice): no hashing at all. */
const byObject = new WeakMap<object, { dialect: CheckedDialect; validate: ValidateFunction }>();

function ajvFor(dialect: CheckedDialect): AnyAjv {
  let ajv = instances.get(dialect);
  if (!ajv) {
    ajv = dialect === "2020-12" ? new Ajv2020(OPTIONS) : dialect === "2019-09" ? new Ajv2019(OPTIONS) : new Ajv(OPTIONS);
    instances.set(dialect, ajv);
  }
  return ajv;
}

/** Which validator reads the schema, or why none does. */
function pickDialect(schema: Record<string, unknown>): { dialect: CheckedDialect; note?: string; strip: boolean } | { unchecked: string; dialect: string } {
  const declared = schema.$schema;
  if (declared === undefined) return { dialect: "2020-12", strip: false };
  if (declared === null) return { dialect: "2020-12", note: "$schema is null: checked as 2020-12, the MCP default", strip: true };
  const dialect = schemaDialect(schema);
  if (dialect === "2020-12" || dialect === "2019-09" || dialect === "draft-07") {
    // Ajv knows only the canonical URIs of its metaschemas; any spelling of the same dialect is read by it.
    return { dialect, strip: true };
  }
  if (dialect === "draft-06") return { dialect: "draft-07", note: "$schema is draft-06: checked as draft-07, which reads every draft-06 keyword the same way", strip: true };
  return { unchecked: `the schema declares $schema ${JSON.stringify(declared)} (${dialect}), a dialect this check does not read`, dialect };
}

function compile(dialect: CheckedDialect, schema: Record<string, unknown>): ValidateFunction {
  const key = `${dialect}\u0000${hashJson(schema)}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const ajv = ajvFor(dialect);
  let validate: ValidateFunction;
  try {
    validate = ajv.compile(schema);
  } catch (error) {
    // A failed compile can leave half a schema inside the instance: start the next one from a fresh instance.
    instances.delete(dialect);
    throw error;
  }
  // Two servers may both use `$id: "urn:args"`: the instance forgets each schema once it is compiled.
  ajv.removeSchema(schema);
  cache.set(key, validate);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return validate;
}

function errorText(error: unknown): string {
  if (error instanceof RangeError) return "the schema nests or refers to itself too deeply for a validator";
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, " ").slice(0, 300);
}

/** Checks `value` against `schema`; see InstanceCheck. Deterministic for the same input. */
export function validateInstance(schema: unknown, value: unknown): InstanceCheck {
  if (schema === true || (isPlainObject(schema) && Object.keys(schema).length === 0)) return { status: "valid", dialect: "2020-12" };
  if (schema === false) {
    return { status: "invalid", dialect: "2020-12", errors: [{ path: "$", pointer: "", message: "the schema is false: no value is allowed", keyword: "false schema", schemaPath: "#" }] };
  }
  if (!isPlainObject(schema)) return { status: "unchecked", dialect: "(none)", reason: "there is no schema object to check against" };
  const picked = pickDialect(schema);
  if ("unchecked" in picked) return { status: "unchecked", dialect: picked.dialect, reason: picked.unchecked };
  const { dialect, note } = picked;
  if (nestingDepth(schema) > MAX_SCHEMA_DEPTH) {
    return { status: "unchecked", dialect, reason: `the schema nests more than ${MAX_SCHEMA_DEPTH} levels deep, too deep to hand to a validator` };
  }
  if (nestingDepth(value) > MAX_SCHEMA_DEPTH) {
    return { status: "unchecked", dialect, reason: `the value nests more than ${MAX_SCHEMA_DEPTH} levels deep, too deep to check` };
  }
  const objects = objectCount(schema, MAX_SCHEMA_OBJECTS);
  if (objects > MAX_SCHEMA_OBJECTS) {
    return { status: "unchecked", dialect, reason: `the schema holds more than ${MAX_SCHEMA_OBJECTS.toLocaleString("en")} objects, too big to compile for a check` };
  }
  const loop = inPlaceCycle(schema);
  if (loop) {
    return { status: "unchecked", dialect, reason: `the schema refers to itself without consuming any of the value (${describeCycle(loop)}): checking would never end` };
  }
  const target = picked.strip ? withoutKey(schema, "$schema") : schema;
  let validate: ValidateFunction;
  const known = byObject.get(schema);
  if (known && known.dialect === dialect) validate = known.validate;
  else {
    try {
      validate = compile(dialect, target);
    } catch (error) {
      return { status: "unchecked", dialect, reason: `the schema cannot be compiled: ${errorText(error)}` };
    }
    byObject.set(schema, { dialect, validate });
  }
  let ok: boolean;
  try {
    ok = validate(value) as boolean;
  } catch (error) {
    return { status: "unchecked", dialect, reason: `the check failed: ${errorText(error)}` };
  }
  const extra = note ? { note } : {};
  if (ok) return { status: "valid", dialect, ...extra };
  return { status: "invalid", dialect, ...extra, errors: describeErrors(validate.errors ?? []) };
}

/** How many objects a JSON value holds (itself included), counting no further than `limit + 1`. */
function objectCount(value: unknown, limit: number): number {
  let n = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0 && n <= limit) {
    const node = pending.pop();
    if (typeof node !== "object" || node === null) continue;
    if (!Array.isArray(node)) n++;
    for (const child of Array.isArray(node) ? node : Object.values(node)) if (typeof child === "object" && child !== null) pending.push(child);
  }
  return n;
}

function withoutKey(schema: Record<string, unknown>, key: string): Record<string, unknown> {
  const copy = { ...schema };
  delete copy[key];
  return copy;
}

/** Ajv's errors in words, each at the place it is about (a missing or extra property: that property), deduplicated. */
export function describeErrors(errors: readonly ErrorObject[]): InstanceError[] {
  const out: InstanceError[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    let at = e.instancePath;
    let message = `${e.message ?? "is not valid"}`;
    const params = e.params as Record<string, unknown>;
    switch (e.keyword) {
      case "required":
        at = `${at}/${escapeToken(String(params.missingProperty))}`;
        message = `missing required property ${JSON.stringify(params.missingProperty)}`;
        break;
      case "additionalProperties":
        at = `${at}/${escapeToken(String(params.additionalProperty))}`;
        message = `property ${JSON.stringify(params.additionalProperty)} is not allowed (additionalProperties is false)`;
        break;
      case "unevaluatedProperties":
        at = `${at}/${escapeToken(String(params.unevaluatedProperty))}`;
        message = `property ${JSON.stringify(params.unevaluatedProperty)} is not allowed (unevaluatedProperties is false)`;
        break;
      case "enum":
        message = `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
        break;
      case "const":
        message = `must be ${JSON.stringify(params.allowedValue)}`;
        break;
      case "oneOf":
        message = params.passingSchemas == null ? "must match exactly one branch of oneOf; it matches none" : `must match exactly one branch of oneOf; it matches branches ${(params.passingSchemas as number[]).join(" and ")}`;
        break;
      case "anyOf":
        message = "must match at least one branch of anyOf; it matches none";
        break;
    }
    const key = `${at}\u0000${e.keyword}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ path: jsonPath(at), pointer: at, message, keyword: e.keyword, schemaPath: e.schemaPath });
    if (out.length >= MAX_INSTANCE_ERRORS) break;
  }
  return out;
}

function escapeToken(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** A JSON Pointer as JSONPath: `/labels/0` is `$.labels[0]`; keys that are not identifiers are quoted. */
export function jsonPath(at: string): string {
  let out = "$";
  for (const token of pointerTokens(at)) {
    if (/^(0|[1-9]\d*)$/.test(token)) out += `[${token}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(token)) out += `.${token}`;
    else out += `[${JSON.stringify(token)}]`;
  }
  return out;
}
