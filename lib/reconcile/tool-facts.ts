/**
 * What the reconciler learns from one listed tool on its own (docs/fleet-snapshot.md rules 4-6): its
 * hashes, the analysis of its schema, the spec violations in it and the length of the description
 * Claude Code would send. Nothing here depends on the rest of the fleet, so it can be kept per tool
 * and reused while the tool is listed unchanged (lib/clients/fleet-model.ts).
 */
import { canonicalJson } from "../schema/canonical-json";
import { withConstraintSentence } from "../schema/flatten";
import { sha256Hex } from "../schema/hash";
import { toolIdentityViolations } from "../schema/spec";
import { isPlainObject, sameJson } from "@/lib/json/values";
import { CLAUDE_CODE_DESCRIPTION_LIMIT, descriptionLengthFinding } from "./describe";
import { stripInvisible } from "./names";
import { analyzeSchema, reusableFor, type SchemaAnalysis } from "./schema-analysis";
import type { Finding, ToolAnnotations } from "./types";

export interface ToolFacts {
  /** The name when it is a non-empty string, else null. */
  name: string | null;
  title?: string;
  annotations?: ToolAnnotations;
  /** As received ("" when missing or not a string). */
  description: string;
  inputSchema: unknown;
  schemaHash: string;
  descriptionHash: string;
  /** JSON.stringify(description): what the description hash is of, and what a tool hash writes when the description is sent as it is. */
  descriptionJson: string;
  annotationsHash: string | null;
  analysis: SchemaAnalysis;
  /** Reasons to exclude found in the tool alone: its identity, then its schema. */
  excluded: readonly Finding[];
  /** Warnings found in the tool alone (a description that is not a string). */
  warnings: readonly Finding[];
  /** Claude Code would cut the description (flattening sentence included): the warning, else null. */
  lengthFinding: Finding | null;
}

/** Where the expensive parts come from: a schema's analysis by its hash, a description's JSON text and hash by its text. */
export interface ToolFactsCaches {
  analysis(schemaHash: string, schema: unknown, canonical: string): SchemaAnalysis;
  /** The description's JSON text and its hash. */
  description(description: string): DescriptionText;
}

/** A description as the hashes take it: its JSON text, and the SHA-256 of that text (the description hash). */
export interface DescriptionText {
  json: string;
  hash: string;
}

/** Caches that live for one reconcile run: registering one server twice repeats every schema and description. */
export function runCaches(): ToolFactsCaches {
  const analyses = new Map<string, { schema: unknown; analysis: SchemaAnalysis }>();
  const descriptions = new Map<string, DescriptionText>();
  return {
    analysis(schemaHash, schema, canonical) {
      const first = analyses.get(schemaHash);
      if (first && reusableFor(first.analysis, first.schema, schema)) return first.analysis;
      const analysis = analyzeSchema(schema, canonical);
      if (!first) analyses.set(schemaHash, { schema, analysis });
      return analysis;
    },
    description(description) {
      let text = descriptions.get(description);
      if (text === undefined) {
        text = descriptionText(description);
        descriptions.set(description, text);
      }
      return text;
    },
  };
}

/**
 * Facts for one reconcile run: a tool listed again with the very same content (the same server
 * registered under two ids, a cloned config) shares the facts of the first, found by its name and
 * compared field by field (what facts are read from, key order included), so neither its schema nor
 * its description is written out and hashed again.
 */
export function runFacts(caches: ToolFactsCaches = runCaches()): (raw: unknown) => ToolFacts {
  const byName = new Map<string, { raw: Record<string, unknown>; facts: ToolFacts }[]>();
  return (raw) => {
    if (!isPlainObject(raw) || typeof raw.name !== "string") return readToolFacts(raw, caches);
    let seen = byName.get(raw.name);
    if (seen === undefined) byName.set(raw.name, (seen = []));
    for (const other of seen) if (sameFactsSource(other.raw, raw)) return other.facts;
    const facts = readToolFacts(raw, caches);
    // A name many tools share with different content is compared with a few of them only.
    if (seen.length < MAX_SAME_NAME) seen.push({ raw, facts });
    return facts;
  };
}

const MAX_SAME_NAME = 8;

// Everything readToolFacts reads: the same here gives the same facts, byte for byte once written as JSON.
function sameFactsSource(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return (
    a.name === b.name &&
    sameJson(a.description, b.description) &&
    sameJson(a.title, b.title) &&
    sameJson(a.annotations, b.annotations) &&
    sameJson(a.inputSchema, b.inputSchema)
  );
}


/** The description hash: SHA-256 of the canonical JSON of the string. */
export function descriptionHashOf(description: string): string {
  return sha256Hex(JSON.stringify(description));
}

/** The description's JSON text and its description hash, written once. */
export function descriptionText(description: string): DescriptionText {
  const json = JSON.stringify(description);
  return { json, hash: sha256Hex(json) };
}

const NONE: readonly Finding[] = Object.freeze([]);
const NOT_AN_OBJECT: Record<string, unknown> = Object.freeze({});

/** The facts of one listed tool; `canonical` is the canonical JSON of its inputSchema when the caller has it already. */
export function readToolFacts(raw: unknown, caches: ToolFactsCaches, canonical?: string): ToolFacts {
  const isObject = isPlainObject(raw);
  const tool = isObject ? raw : NOT_AN_OBJECT;
  const name = typeof tool.name === "string" && tool.name.length > 0 ? tool.name : null;
  let description = "";
  let warnings = NONE;
  if (typeof tool.description === "string") description = tool.description;
  else if (tool.description !== undefined && tool.description !== null) {
    warnings = [{ code: "spec:description-not-string", message: `the description is ${JSON.stringify(tool.description)}, not a string; it was left out` }];
  }
  const inputSchema = tool.inputSchema;
  const schemaText = canonical ?? canonicalJson(inputSchema);
  const schemaHash = sha256Hex(schemaText);
  const analysis = caches.analysis(schemaHash, inputSchema, schemaText);
  const annotations = isPlainObject(tool.annotations) ? (tool.annotations as ToolAnnotations) : undefined;
  // Schema spec violations come with the (cached) analysis; a non-object entry has no schema to speak of.
  const identity = name !== null && isObject ? NONE : toolIdentityViolations(raw);
  const text = caches.description(description);
  const flattened = analysis.flatten.status === "flattened" ? analysis.flatten.info : null;
  return {
    name,
    title: typeof tool.title === "string" ? tool.title : undefined,
    annotations,
    description,
    inputSchema,
    schemaHash,
    descriptionHash: text.hash,
    descriptionJson: text.json,
    annotationsHash: annotations ? sha256Hex(canonicalJson(annotations)) : null,
    analysis,
    excluded: !isObject ? identity : identity.length === 0 ? analysis.errors : [...identity, ...analysis.errors],
    warnings,
    lengthFinding: lengthFinding(description, flattened?.sentence),
  };
}

/** The warning for a description Claude Code would cut, judged on its own form: the flattening sentence first, never our tag. */
function lengthFinding(description: string, sentence: string | undefined): Finding | null {
  // Removing invisible characters only shortens it: a description that fits as received fits.
  if ((sentence === undefined ? 0 : sentence.length + 2) + description.length <= CLAUDE_CODE_DESCRIPTION_LIMIT) return null;
  const own = stripInvisible(description);
  return descriptionLengthFinding(sentence === undefined ? own : withConstraintSentence(sentence, own));
}
