/**
 * The schema Codex CLI 0.169.0 sends for an MCP tool, as observed in captures (docs/clients.md
 * "Codex schemas"): `properties: {}` is added at the root when missing, then every schema is rewritten
 * into Codex's own subset. Kept: type, description, enum (a `const` becomes a one-value enum), items,
 * minItems, properties, required, additionalProperties, anyOf / oneOf / allOf, $ref, $defs and
 * definitions; everything else (minimum, pattern, format, default, title, $schema, not, ...) is dropped.
 * A schema without a valid type stays untyped when it holds a combinator or $ref, else gets object
 * (properties, required or additionalProperties) or string (enum), else becomes `{}`. Boolean schemas
 * become `{"type": "string"}`; an object gets `properties: {}`, an array `items: {"type": "string"}`; a
 * type list with one known name is written as that name; root $defs / definitions entries nothing refers
 * to are dropped. No flattening, no $ref resolution. A
 * kept keyword of the wrong kind (items as an array, `required: true`) loses the tool: Codex cannot
 * build its tool spec.
 */
import { MAX_SCHEMA_DEPTH } from "../schema/depth";
import { pointerTokens } from "@/lib/json/pointer";
import { isPlainObject } from "@/lib/json/values";

type JsonObject = Record<string, unknown>;

const TYPES = new Set(["string", "number", "boolean", "integer", "object", "array", "null"]);
const COMBINATORS = ["anyOf", "oneOf", "allOf"] as const;

export type CodexSchemaOutcome = { ok: true; schema: JsonObject } | { ok: false; error: string };

class Unreadable extends Error {}

/** The `parameters` Codex sends for a tool whose inputSchema is `inputSchema` (an object). */
export function codexParameters(inputSchema: JsonObject): CodexSchemaOutcome {
  const root = inputSchema.properties === undefined || inputSchema.properties === null ? { ...inputSchema, properties: {} } : inputSchema;
  try {
    return { ok: true, schema: pruneDefinitions(rewrite(root, "", 0)) };
  } catch (error) {
    if (error instanceof Unreadable) return { ok: false, error: error.message };
    throw error;
  }
}

function rewrite(node: unknown, at: string, depth: number): JsonObject {
  if (depth > MAX_SCHEMA_DEPTH) throw new Unreadable(`the schema nests more than ${MAX_SCHEMA_DEPTH} levels deep; MCP Fleet does not model Codex that deep`);
  if (typeof node === "boolean") return { type: "string" };
  if (!isPlainObject(node)) throw new Unreadable(`${at || "the root"} is ${describe(node)}, where Codex reads one schema`);
  const field = (key: string) => (node[key] === null ? undefined : node[key]);
  const enumValues = "const" in node ? [node.const] : field("enum");
  let type = validType(node.type);
  if (type === undefined) {
    // A combinator or $ref without a type stays untyped; otherwise the type is inferred, or the schema is emptied.
    if (COMBINATORS.some((k) => field(k) !== undefined) || field("$ref") !== undefined) type = undefined;
    else if (field("properties") !== undefined || field("required") !== undefined || field("additionalProperties") !== undefined) type = "object";
    else if (enumValues !== undefined) type = "string";
    else return {};
  }
  const expected = (key: string, what: string, ok: (v: unknown) => boolean) => {
    const value = field(key);
    if (value !== undefined && !ok(value)) throw new Unreadable(`${at}/${key} is ${describe(value)}, not ${what}`);
    return value;
  };
  const out: JsonObject = {};
  if (type !== undefined) out.type = type;
  const description = expected("description", "a string", (v) => typeof v === "string");
  if (description !== undefined) out.description = description;
  if (enumValues !== undefined) {
    if (!Array.isArray(enumValues)) throw new Unreadable(`${at}/enum is ${describe(enumValues)}, not an array`);
    out.enum = enumValues;
  }
  const items = field("items");
  if (items !== undefined) out.items = rewrite(items, `${at}/items`, depth + 1);
  else if (type === "array" || (Array.isArray(type) && type.includes("array"))) out.items = { type: "string" };
  const properties = expected("properties", "an object", isPlainObject);
  if (properties !== undefined) out.properties = rewriteMap(properties as JsonObject, `${at}/properties`, depth);
  else if (isObjectType(type)) out.properties = {};
  const required = expected("required", "an array of names", (v) => Array.isArray(v) && v.every((r) => typeof r === "string"));
  if (required !== undefined) out.required = required;
  const extra = expected("additionalProperties", "true, false or a schema", (v) => typeof v === "boolean" || isPlainObject(v));
  if (typeof extra === "boolean") out.additionalProperties = extra;
  else if (extra !== undefined) out.additionalProperties = rewrite(extra, `${at}/additionalProperties`, depth + 1);
  const minItems = expected("minItems", "a number", (v) => typeof v === "number");
  if (minItems !== undefined) out.minItems = minItems;
  for (const keyword of COMBINATORS) {
    const branches = expected(keyword, "an array of schemas", Array.isArray) as unknown[] | undefined;
    if (branches !== undefined) out[keyword] = branches.map((b, i) => rewrite(b, `${at}/${keyword}/${i}`, depth + 1));
  }
  const ref = expected("$ref", "a string", (v) => typeof v === "string");
  if (ref !== undefined) out.$ref = ref;
  for (const keyword of ["$defs", "definitions"]) {
    const defs = expected(keyword, "an object", isPlainObject);
    if (defs !== undefined) out[keyword] = rewriteMap(defs as JsonObject, `${at}/${keyword}`, depth);
  }
  return out;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  if (value === null) return "null";
  return typeof value === "object" ? "an object" : `${typeof value} ${JSON.stringify(value)}`;
}

/** Root `$defs` / `definitions` entries nothing refers to (directly or through another entry) are dropped (observed). */
function pruneDefinitions(schema: JsonObject): JsonObject {
  const containers = (["$defs", "definitions"] as const).filter((k) => isPlainObject(schema[k]));
  if (containers.length === 0) return schema;
  const { $defs: _defs, definitions: _definitions, ...rest } = schema;
  const used = new Map<string, Set<string>>(containers.map((c) => [c, new Set<string>()]));
  const pending: unknown[] = [rest];
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) pending.push(...node);
    if (!isPlainObject(node)) continue;
    const ref = typeof node.$ref === "string" ? node.$ref : "";
    if (/^#\/(?:\$defs|definitions)\/[^/]+$/.test(ref)) {
      const [container, name] = pointerTokens(ref.slice(1));
      const target = (schema[container] as JsonObject | undefined)?.[name];
      const seen = used.get(container);
      if (seen && target !== undefined && !seen.has(name)) {
        seen.add(name);
        pending.push(target);
      }
    }
    pending.push(...Object.values(node));
  }
  const out: JsonObject = { ...rest };
  for (const container of containers) {
    const kept = Object.entries(schema[container] as JsonObject).filter(([name]) => used.get(container)!.has(name));
    if (kept.length > 0) out[container] = Object.fromEntries(kept);
  }
  return out;
}

// Codex writes a map's keys sorted by their UTF-8 bytes (observed: `1`, `M`, `_u`, `a`, `z`).
function rewriteMap(map: JsonObject, at: string, depth: number): JsonObject {
  const out: JsonObject = {};
  for (const name of Object.keys(map).sort(byUtf8)) out[name] = rewrite(map[name], `${at}/${name}`, depth + 1);
  return out;
}

const encoder = new TextEncoder();

/**
 * Codex's order of strings: Rust compares Strings by their UTF-8 bytes. Without surrogates that is the
 * order of UTF-16 code units, read in place; a surrogate (a pair, or a lone one, which encodes as
 * U+FFFD) sends the comparison to the encoded bytes.
 */
export function byUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (isSurrogate(x) || isSurrogate(y)) return byEncodedBytes(a, b);
    if (x !== y) return x - y;
  }
  return a.length - b.length;
}

function isSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdfff;
}

function byEncodedBytes(a: string, b: string): number {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

// A type list keeps its known names; one name left is written alone (["null"] becomes "null"), none is no type.
function validType(type: unknown): string | string[] | undefined {
  if (typeof type === "string") return TYPES.has(type) ? type : undefined;
  if (!Array.isArray(type)) return undefined;
  const known = type.filter((t): t is string => typeof t === "string" && TYPES.has(t));
  return known.length === 0 ? undefined : known.length === 1 ? known[0] : known;
}

function isObjectType(type: string | string[] | undefined): boolean {
  return type === "object" || (Array.isArray(type) && type.includes("object"));
}
