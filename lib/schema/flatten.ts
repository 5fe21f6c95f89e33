/**
 * Flattening of root-level allOf / anyOf / oneOf into one object schema, exactly as Claude Code
 * 2.1.328 does before it sends a tool (docs/clients.md "Flattening of a root `anyOf` / `oneOf` /
 * `allOf`"): the kept root keywords, `additionalProperties: true`, `required` always present, local
 * `$ref` branches resolved, non-object branches ignored, invalid property names dropped, conflicts
 * merged, the `Input constraint: ...` sentence, and the stricter form given up for a looser one when
 * the API would reject it. What the flat schema no longer enforces is recorded in words.
 * The Agent SDK view uses the same algorithm: the Claude API refuses root combinators for any host.
 */
import type { CombinatorKeyword, Finding, FlattenInfo } from "./types";
import { canonicalJson } from "./canonical-json";
import { checkMetaschema, type CheckOutcome } from "./checks";
import { nestingDepth } from "./depth";
import { pointer, pointerTokens } from "@/lib/json/pointer";
import { isPlainObject } from "@/lib/json/values";
import { ROOT_COMBINATORS } from "./keywords";

/** FlattenInfo as flattenSchema makes it: every field set. */
export type FlattenReport = Required<Pick<FlattenInfo, "keyword" | "keywords" | "sentence" | "lost">> & Pick<FlattenInfo, "lostConstraint">;

export type FlattenOutcome =
  /** No root combinator: the schema is sent as it is. */
  | { status: "unchanged"; schema: unknown }
  | { status: "flattened"; schema: Record<string, unknown>; info: FlattenReport }
  /** No flat schema can be made (a root combinator that is not an array): `reason` says why. */
  | { status: "failed"; keyword: CombinatorKeyword; reason: string };

/** Root keywords Claude Code copies onto the flat schema; every other one is dropped. */
export const KEPT_ROOT_KEYWORDS = ["$defs", "definitions", "$schema", "additionalProperties", "description", "title"] as const;

/** Property names Claude Code keeps when it merges branches (the Claude API's rule). */
export const FLAT_PROPERTY_NAME = /^[a-zA-Z0-9_.-]{1,64}$/;

// Keywords of a branch that the merge reads or that say nothing about the input.
const READ_BRANCH_KEYWORDS = new Set(["type", "properties", "required", "description", "title", "$comment", "examples", "$id", "$anchor"]);
const BRANCH_ORDER = ["anyOf", "oneOf", "allOf"] as const;
const ROOT_HANDLED = new Set<string>([...ROOT_COMBINATORS, ...KEPT_ROOT_KEYWORDS, "type", "properties", "required"]);

interface Branch {
  keyword: CombinatorKeyword;
  /** Pointer of the branch in the original schema. */
  at: string;
  properties: [string, unknown][];
  required: string[];
}

interface PropertySlot {
  definitions: unknown[];
  /** Canonical texts of `definitions`, written only once a second definition arrives (most properties have one). */
  texts: string[] | null;
  /** Set when a definition came from an anyOf / oneOf branch: differing definitions then become anyOf. */
  alternative: boolean;
  /** Where the first definition came from, for messages. */
  firstAt: string;
  /** The root defines it: the root's definition is kept, whatever the branches say (observed). */
  fromRoot: boolean;
}

/** Flattens root-level combinators; nested combinators are left as they are. */
export function flattenSchema(schema: unknown): FlattenOutcome {
  // Most schemas have no root combinator: told without making anything.
  if (!isPlainObject(schema) || !("anyOf" in schema || "oneOf" in schema || "allOf" in schema)) return { status: "unchanged", schema };
  // Branches are read anyOf, then oneOf, then allOf, whatever the order in the schema (observed).
  const keywords = BRANCH_ORDER.filter((k) => k in schema);
  if (keywords.length === 0) return { status: "unchanged", schema };
  const notArray = keywords.find((k) => !Array.isArray(schema[k]));
  if (notArray) {
    return { status: "failed", keyword: notArray, reason: `cannot flatten root ${notArray}: it is ${describe(schema[notArray])}, not an array of schemas` };
  }

  const lost: Finding[] = [];
  const slots = new Map<string, PropertySlot>();

  const rootProperties = isPlainObject(schema.properties) ? Object.entries(schema.properties) : [];
  for (const [name, definition] of rootProperties) addProperty(slots, lost, name, definition, "", false);
  const branches: Branch[] = [];
  for (const keyword of keywords) {
    (schema[keyword] as unknown[]).forEach((raw, i) => {
      const at = pointer("", keyword, i);
      const branch = readBranch(schema, raw, keyword, at, lost);
      branches.push(branch);
      for (const [name, definition] of branch.properties) addProperty(slots, lost, name, definition, at, keyword !== "allOf");
    });
  }

  // With anyOf / oneOf, Claude Code first makes the stricter form (conflicts merged, names every branch
  // requires added) and sends it when the API would accept it; otherwise the looser one (observed).
  // Either way `required` keeps only names a property is left for.
  const base = unique([...stringList(schema.required), ...branches.filter((b) => b.keyword === "allOf").flatMap((b) => b.required)]);
  const everyBranch = (["anyOf", "oneOf"] as const).flatMap((keyword) => requiredInEvery(branches.filter((b) => b.keyword === keyword)));
  const hasAlternatives = keywords.some((k) => k !== "allOf");
  const strictProperties = mergedProperties(slots, hasAlternatives ? "strict" : "loose");
  const strict = withRootKeywords(schema, { type: "object", properties: strictProperties, required: unique([...base, ...everyBranch]).filter((n) => n in strictProperties) });
  const rejected = hasAlternatives ? strictFormProblem(strict) : null;
  const properties = rejected ? mergedProperties(slots, "loose") : strictProperties;
  const out = rejected ? withRootKeywords(schema, { type: "object", properties, required: base.filter((name) => name in properties) }) : strict;
  if (rejected) lost.push({ code: "flatten:looser-form", message: `the stricter flat schema would be rejected (${rejected}), so the looser one is sent`, path: "" });
  for (const name of [...base, ...(rejected ? [] : everyBranch)].filter((n, i, all) => !(n in properties) && all.indexOf(n) === i)) {
    lost.push({ code: "flatten:required-dropped", message: `${JSON.stringify(name)} is required but no property is left for it, so it is not required`, path: "/required" });
  }
  for (const [name, slot] of slots) {
    if (slot.definitions.length < 2) continue;
    const merged = !rejected && slot.alternative && !slot.fromRoot;
    lost.push({
      code: "flatten:property-conflict",
      message: merged
        ? `property ${JSON.stringify(name)} has ${slot.definitions.length} different definitions across branches; it now accepts any of them`
        : `property ${JSON.stringify(name)} has ${slot.definitions.length} different definitions; only the ${slot.fromRoot ? "root's" : `first (${slot.firstAt})`} is kept`,
      path: pointer("", "properties", name),
    });
  }
  for (const key of Object.keys(schema)) {
    if (ROOT_HANDLED.has(key)) continue;
    lost.push({ code: "flatten:root-keyword", message: `root keyword ${key} is dropped`, path: pointer("", key) });
  }

  const keyword: CombinatorKeyword = keywords.includes("oneOf") ? "oneOf" : keywords.includes("anyOf") ? "anyOf" : "allOf";
  // The groups come from the keyword whose wording the sentence uses (oneOf over anyOf).
  const alternatives = branches.filter((b) => b.keyword === keyword);
  const sentence = constraintSentence(keyword, alternatives);
  if (keyword !== "allOf") lost.unshift(alternativesLost(keyword, alternatives));
  return {
    status: "flattened",
    schema: out,
    info: {
      keyword,
      keywords,
      sentence,
      ...(lost.length > 0 ? { lostConstraint: `the server must check: ${lost.map((f) => f.message).join("; ")}` } : {}),
      lost,
    },
  };
}

// One property definition from the root or a branch, into its slot; a definition that cannot be kept is lost.
function addProperty(slots: Map<string, PropertySlot>, lost: Finding[], name: string, definition: unknown, at: string, alternative: boolean): void {
  if (typeof definition !== "object" || definition === null) {
    lost.push({ code: "flatten:property-value", message: `property ${JSON.stringify(name)} is ${describe(definition)}, not a schema object, and was dropped`, path: pointer(at, "properties", name) });
    return;
  }
  if (!FLAT_PROPERTY_NAME.test(name)) {
    lost.push({
      code: "flatten:property-name",
      message: `property ${JSON.stringify(name)} breaks ^[a-zA-Z0-9_.-]{1,64}$ and was dropped`,
      path: pointer(at, "properties", name),
    });
    return;
  }
  const slot = slots.get(name);
  if (!slot) {
    slots.set(name, { definitions: [definition], texts: null, alternative, firstAt: at, fromRoot: at === "" });
    return;
  }
  slot.alternative ||= alternative;
  const texts = (slot.texts ??= slot.definitions.map((d) => canonicalJson(d)));
  const text = canonicalJson(definition);
  if (!texts.includes(text)) {
    texts.push(text);
    slot.definitions.push(definition);
  }
}

/** The walk Claude Code makes over the stricter form stops this deep (observed: 35 nested objects is past it). */
export const STRICT_FORM_DEPTH = 64;

// The metaschema outcome of each stricter form that was sent, by the very object: the reconciler checks
// the flat schema again and takes it from here rather than validating the same object twice.
const strictFormOutcomes = new WeakMap<object, CheckOutcome>();

/** The metaschema outcome flattenSchema already has for the flat schema it returned, if it checked it. */
export function strictFormMetaschema(schema: unknown): CheckOutcome | undefined {
  return typeof schema === "object" && schema !== null ? strictFormOutcomes.get(schema) : undefined;
}

// Why the API would reject the stricter form, or null when it would accept it.
function strictFormProblem(schema: Record<string, unknown>): string | null {
  if (nestingDepth(schema, STRICT_FORM_DEPTH) > STRICT_FORM_DEPTH) return `it nests deeper than ${STRICT_FORM_DEPTH} levels`;
  const mixed = mixedList(schema);
  if (mixed) return `${mixed} holds an entry that is not a string`;
  const meta = checkMetaschema(schema);
  if (meta.errors.length > 0) return meta.errors[0].message;
  strictFormOutcomes.set(schema, meta);
  return null;
}

// The first `type` or `required` list of two or more entries that are not all strings (a walk, no
// recursion). Places are kept as a chain of parents and written only for the list found.
function mixedList(schema: unknown): string | null {
  type Place = { parent: Place | null; token: string | number } | null;
  const nodes: unknown[] = [schema];
  const places: Place[] = [null];
  while (nodes.length > 0) {
    const node = nodes.pop();
    const place = places.pop()!;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        nodes.push(node[i]);
        places.push({ parent: place, token: i });
      }
    } else if (isPlainObject(node)) {
      for (const key of MIXED_LIST_KEYS) {
        const list = node[key];
        if (Array.isArray(list) && list.length >= 2 && list.some((x) => typeof x !== "string")) return `${placeText(place)}/${key}`;
      }
      for (const key of Object.keys(node)) {
        const value = node[key];
        // Scalars hold no list: not worth a place.
        if (typeof value !== "object" || value === null) continue;
        nodes.push(value);
        places.push({ parent: place, token: key });
      }
    }
  }
  return null;
}

const MIXED_LIST_KEYS = ["type", "required"] as const;

function placeText(place: { parent: unknown; token: string | number } | null): string {
  const tokens: (string | number)[] = [];
  for (let at = place; at !== null; at = at.parent as typeof place) tokens.push(at.token);
  return pointer("", ...tokens.reverse());
}

// Strict: a property defined differently by anyOf / oneOf branches accepts any of its definitions; loose
// (and allOf, and any property the root defines): the first definition is kept.
function mergedProperties(slots: Map<string, PropertySlot>, form: "strict" | "loose"): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const [name, slot] of slots) {
    properties[name] = form === "strict" && slot.definitions.length > 1 && slot.alternative && !slot.fromRoot ? { anyOf: stringTypedFirst(slot.definitions) } : slot.definitions[0];
  }
  return properties;
}

// `{type, properties, required}` plus the root keywords Claude Code keeps, and additionalProperties true when unset.
function withRootKeywords(schema: Record<string, unknown>, flat: { type: "object"; properties: Record<string, unknown>; required: string[] }): Record<string, unknown> {
  const out: Record<string, unknown> = { ...flat };
  for (const key of KEPT_ROOT_KEYWORDS) if (key in schema) out[key] = schema[key];
  if (!("additionalProperties" in schema)) out.additionalProperties = true;
  return out;
}

/** The sentence Claude Code puts before the description of a flattened tool. */
export function constraintSentence(keyword: CombinatorKeyword, alternatives: readonly Pick<Branch, "properties" | "required">[]): string {
  if (keyword === "allOf") return "Input constraint: all listed parameters apply together (flattened from a JSON Schema allOf).";
  const quantity = keyword === "oneOf" ? "exactly one of" : "at least one of";
  const groups = groupsOf(alternatives);
  if (groups.length === 0) {
    return `Input constraint: Provide parameters for ${quantity} the documented parameter groups (flattened from a JSON Schema ${keyword}).`;
  }
  return `Input constraint: Provide parameters for ${quantity}: ${groups.map((g) => `(${g})`).join(" or ")}.`;
}

/** `sentence + "\n\n" + description`, or the sentence alone when there is no description. */
export function withConstraintSentence(sentence: string, description: string): string {
  return description ? `${sentence}\n\n${description}` : sentence;
}

// A group is a branch's required names, or its property names when it requires none; each group once.
function groupsOf(branches: readonly Pick<Branch, "properties" | "required">[]): string[] {
  const groups = branches
    .map((b) => (b.required.length > 0 ? b.required : b.properties.map(([name]) => name)).join(", "))
    .filter((group) => group !== "");
  return [...new Set(groups)];
}

function alternativesLost(keyword: "anyOf" | "oneOf", branches: Branch[]): Finding {
  const groups = groupsOf(branches);
  const quantity = keyword === "oneOf" ? "exactly one of" : "at least one of";
  return {
    code: keyword === "oneOf" ? "flatten:one-of" : "flatten:at-least-one-of",
    message: groups.length > 0 ? `${quantity} ${groups.map((g) => `(${g})`).join(" or ")}` : `${quantity} the ${keyword} branches`,
    path: `/${keyword}`,
  };
}

function ignoredBranch(lost: Finding[], keyword: CombinatorKeyword, at: string, why: string): Branch {
  lost.push({ code: "flatten:branch-ignored", message: `branch ${at} ${why}; it adds nothing to the flat schema`, path: at });
  return { keyword, at, properties: [], required: [] };
}

// A branch is read after resolving a `$defs` / `definitions` $ref; one that is not an object schema adds nothing
// (no property, no group, nothing required), but still counts among its keyword's branches.
function readBranch(root: Record<string, unknown>, raw: unknown, keyword: CombinatorKeyword, at: string, lost: Finding[]): Branch {
  let node: unknown = raw;
  if (isPlainObject(raw) && typeof raw.$ref === "string") {
    // Only `#/$defs/<name>` and `#/definitions/<name>`, one level (observed).
    const ref = raw.$ref;
    const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
    if (!match) return ignoredBranch(lost, keyword, at, ref.startsWith("#") ? `refers to ${ref}, which Claude Code does not resolve` : `refers outside the document (${ref})`);
    const [key, name] = pointerTokens(ref.slice(1));
    const container = root[key];
    node = isPlainObject(container) && Object.prototype.hasOwnProperty.call(container, name) ? container[name] : undefined;
    if (node === undefined) return ignoredBranch(lost, keyword, at, `refers to ${ref}, which does not exist`);
    if (isPlainObject(node) && "$ref" in node) return ignoredBranch(lost, keyword, at, `refers to ${ref}, itself a $ref (Claude Code resolves one level)`);
  }
  if (!isPlainObject(node)) return ignoredBranch(lost, keyword, at, `is ${describe(node)}, not an object schema`);
  if (node.type !== undefined && node.type !== "object") return ignoredBranch(lost, keyword, at, `has type ${JSON.stringify(node.type)}, not "object"`);
  for (const key of Object.keys(node)) {
    if (READ_BRANCH_KEYWORDS.has(key) || key === "$ref") continue;
    lost.push({ code: "flatten:branch-keyword", message: `keyword ${key} of branch ${at} is dropped`, path: pointer(at, key) });
  }
  return {
    keyword,
    at,
    properties: isPlainObject(node.properties) ? Object.entries(node.properties) : [],
    required: stringList(node.required),
  };
}

function requiredInEvery(branches: Branch[]): string[] {
  if (branches.length === 0) return [];
  return branches[0].required.filter((name) => branches.every((b) => b.required.includes(name)));
}

// Claude Code lists the string-typed definitions of a conflicting property first.
function stringTypedFirst(definitions: unknown[]): unknown[] {
  return [...definitions.filter(isStringTyped), ...definitions.filter((d) => !isStringTyped(d))];
}

function isStringTyped(definition: unknown): boolean {
  return isPlainObject(definition) && definition.type === "string";
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

function unique(names: string[]): string[] {
  return [...new Set(names)];
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "missing";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "boolean") return `the boolean schema ${value}`;
  return `a ${typeof value}`;
}
