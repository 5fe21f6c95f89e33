/**
 * Flattening of a root-level allOf / anyOf / oneOf into one object schema, as Claude Code does
 * before sending a tool (DESIGN.md "Flattening", seed 001). Failures are results with a reason.
 */
import type { CombinatorKeyword, FlattenInfo } from "./types";
import { canonicalJson } from "./canonical-json";
import { isPlainObject, pointer, ROOT_COMBINATORS } from "./keywords";

export type FlattenOutcome =
  /** No root combinator: the schema is sent as it is. */
  | { status: "unchanged"; schema: unknown }
  | { status: "flattened"; schema: Record<string, unknown>; info: FlattenInfo }
  /** The tool cannot be sent: `reason` says why. */
  | { status: "failed"; keyword: CombinatorKeyword; reason: string };

type Branch = { properties: Record<string, unknown>; required: string[] };

/** Flattens a root-level combinator; nested combinators are left as they are. */
export function flattenSchema(schema: unknown): FlattenOutcome {
  if (!isPlainObject(schema)) return { status: "unchanged", schema };
  const present = ROOT_COMBINATORS.filter((k) => k in schema);
  if (present.length === 0) return { status: "unchanged", schema };
  const keyword = present[0];
  if (present.length > 1) {
    return fail(keyword, `the root holds ${present.join(" and ")} at once; only one root combinator can be flattened`);
  }
  const raw = schema[keyword];
  if (!Array.isArray(raw) || raw.length === 0) return fail(keyword, `root ${keyword} must be a non-empty array of object schemas`);

  const root = readBranch(schema, "");
  if (typeof root === "string") return fail(keyword, root);
  const branches: Branch[] = [];
  for (let i = 0; i < raw.length; i++) {
    const at = pointer("", keyword, i);
    const branch = raw[i];
    if (!isPlainObject(branch)) return fail(keyword, `branch ${at} is ${describe(branch)}, not an object schema`);
    if ("$ref" in branch) return fail(keyword, `branch ${at} is a $ref; only inline object schemas can be merged`);
    if ("type" in branch && branch.type !== "object") {
      return fail(keyword, `branch ${at} has type ${JSON.stringify(branch.type)}, not "object"`);
    }
    const inner = ROOT_COMBINATORS.find((k) => k in branch);
    if (inner) return fail(keyword, `branch ${at} holds its own ${inner} at its root`);
    const read = readBranch(branch, at);
    if (typeof read === "string") return fail(keyword, read);
    branches.push(read);
  }

  const properties = mergeProperties([root, ...branches], keyword === "allOf" ? "allOf" : "anyOf");
  const required =
    keyword === "allOf"
      ? unique([root, ...branches].flatMap((b) => b.required))
      : unique([...root.required, ...branches[0].required.filter((name) => branches.every((b) => b.required.includes(name)))]);

  const out: Record<string, unknown> = {};
  if (!("type" in schema)) out.type = "object";
  for (const key of Object.keys(schema)) {
    if (key === keyword) continue;
    if (key === "type") out.type = "object";
    else if (key === "properties") out.properties = properties;
    else if (key === "required") out.required = required;
    else out[key] = schema[key];
  }
  if (!("properties" in out) && Object.keys(properties).length > 0) out.properties = properties;
  if (!("required" in out) && required.length > 0) out.required = required;

  if (keyword === "allOf") return { status: "flattened", schema: out, info: { keyword } };
  const sets = branches.map((b) => (b.required.length > 0 ? `(${b.required.join(", ")})` : "(nothing required)")).join(" or ");
  const quantity = keyword === "oneOf" ? "exactly" : "at least";
  return {
    status: "flattened",
    schema: out,
    info: {
      keyword,
      sentence: `Provide ${quantity} one of: ${sets}.`,
      lostConstraint: `the server must check: ${quantity} one of ${sets}`,
    },
  };
}

function fail(keyword: CombinatorKeyword, reason: string): FlattenOutcome {
  return { status: "failed", keyword, reason: `cannot flatten root ${keyword}: ${reason}` };
}

function readBranch(node: Record<string, unknown>, at: string): Branch | string {
  const properties = node.properties ?? {};
  if (!isPlainObject(properties)) return `${at}/properties is ${describe(properties)}, not an object`;
  const required = node.required ?? [];
  if (!Array.isArray(required) || required.some((r) => typeof r !== "string")) {
    return `${at}/required is not an array of property names`;
  }
  return { properties, required: required as string[] };
}

// A property given different schemas in several places keeps all of them under one combinator.
function mergeProperties(sources: Branch[], combine: "allOf" | "anyOf"): Record<string, unknown> {
  const seen = new Map<string, { schemas: unknown[]; texts: Set<string> }>();
  for (const source of sources) {
    for (const [name, sub] of Object.entries(source.properties)) {
      const text = canonicalJson(sub);
      const entry = seen.get(name);
      if (!entry) seen.set(name, { schemas: [sub], texts: new Set([text]) });
      else if (!entry.texts.has(text)) {
        entry.texts.add(text);
        entry.schemas.push(sub);
      }
    }
  }
  const out: Record<string, unknown> = {};
  for (const [name, { schemas }] of seen) out[name] = schemas.length === 1 ? schemas[0] : { [combine]: schemas };
  return out;
}

function unique(names: string[]): string[] {
  return [...new Set(names)];
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "boolean") return `the boolean schema ${value}`;
  return `a ${typeof value}`;
}
