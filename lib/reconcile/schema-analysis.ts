/**
 * Everything the reconciler learns from one inputSchema as received (spec violations, flattening,
 * the rule 5 checks of the final schema), computed once per schema hash (tool-facts.ts): real fleets repeat schemas.
 */
import { canonicalJson } from "../schema/canonical-json";
import { checkMetaschema, checkPortability, checkPropertyNames, type CheckOutcome } from "../schema/checks";
import { MAX_SCHEMA_DEPTH, nestingDepth } from "../schema/depth";
import { flattenSchema, strictFormMetaschema, type FlattenOutcome } from "../schema/flatten";
import { isPlainObject } from "@/lib/json/values";
import { schemaSpecViolations } from "../schema/spec";
import type { CheckResult, Finding } from "./types";

export interface SchemaAnalysis {
  specViolations: Finding[];
  flatten: FlattenOutcome;
  finalSchema: unknown;
  /** Canonical JSON of finalSchema (the fleet hash is built from it). */
  finalCanonical: string;
  /** flatten, property-names, metaschema, portability. */
  checks: CheckResult[];
  /** Reasons to exclude that come from the schema (spec violations included). */
  errors: Finding[];
  warnings: Finding[];
  /**
   * The property-name and metaschema outcomes on finalSchema (null without a schema object): a client
   * that sends this very schema object reuses them instead of validating it again.
   */
  claudeApi: { propertyNames: CheckOutcome; metaschema: CheckOutcome } | null;
  /**
   * True when the analysis depends on the schema's key order, not only on its canonical form (a
   * flattened schema keeps its properties in the order served; Ajv's first error at a place follows
   * the keys): such an analysis stands only for a schema with the same exact text (`reusableFor`).
   */
  orderSensitive: boolean;
}

/**
 * Can `analysis`, made from `analysed`, stand for `schema`, which has the same canonical JSON? Always,
 * unless it depends on key order: then only for the same object or the same exact text.
 */
export function reusableFor(analysis: SchemaAnalysis, analysed: unknown, schema: unknown): boolean {
  if (!analysis.orderSensitive || analysed === schema) return true;
  const text = exactText(analysed);
  return text !== null && text === exactText(schema);
}

// Exact texts are rarely asked for (two schemas equal but for key order): written on demand, once.
const texts = new WeakMap<object, string | null>();
function exactText(schema: unknown): string | null {
  if (typeof schema !== "object" || schema === null) return JSON.stringify(schema) ?? null;
  let text = texts.get(schema);
  if (text === undefined) {
    try {
      text = JSON.stringify(schema);
    } catch {
      text = null; // nested too deep for the call stack: never shared
    }
    texts.set(schema, text);
  }
  return text;
}

// What most schemas share: no root combinator, nothing wrong. One frozen object each, not one per schema.
const NO_COMBINATOR: CheckResult = Object.freeze({ check: "flatten", status: "skipped", message: "no root anyOf / oneOf / allOf" });
const NONE = Object.freeze([]) as unknown as Finding[];

export function analyzeSchema(schema: unknown, canonical = canonicalJson(schema)): SchemaAnalysis {
  // A root of type "object" breaks no spec rule: the shared empty list.
  const specViolations = isPlainObject(schema) && schema.type === "object" ? NONE : schemaSpecViolations(schema);
  if (!isPlainObject(schema)) {
    const skipped = (check: string): CheckResult => ({ check, status: "skipped", message: `${check} check skipped: no schema object` });
    return {
      specViolations,
      flatten: { status: "unchanged", schema },
      finalSchema: schema,
      finalCanonical: canonical,
      checks: [skipped("flatten"), skipped("property-names"), skipped("metaschema"), skipped("portability")],
      errors: specViolations,
      warnings: [],
      claudeApi: null,
      orderSensitive: false,
    };
  }
  const flatten = flattenSchema(schema);
  const finalSchema = flatten.status === "flattened" ? flatten.schema : schema;
  const finalCanonical = flatten.status === "flattened" ? canonicalJson(finalSchema) : canonical;
  // Both checks below ask whether the schema nests past MAX_SCHEMA_DEPTH first. Every level of nesting
  // is two characters at least of the canonical text, so a text this short answers without a walk.
  const depth = finalCanonical.length <= 2 * MAX_SCHEMA_DEPTH ? finalCanonical.length >> 1 : nestingDepth(finalSchema);
  const propertyNames = checkPropertyNames(finalSchema);
  const metaschema = flatten.status === "flattened" ? strictFormMetaschema(finalSchema) ?? checkMetaschema(finalSchema, depth) : checkMetaschema(finalSchema, depth);
  const portability = checkPortability(finalSchema, depth);
  const flattenCheck: CheckResult =
    flatten.status === "unchanged"
      ? NO_COMBINATOR
      : flatten.status === "flattened"
        ? {
            check: "flatten",
            status: flatten.info.lost.length > 0 ? "warn" : "pass",
            message: flatten.info.lostConstraint
              ? `root ${flatten.info.keywords.join(" + ")} flattened; ${flatten.info.lostConstraint}`
              : `root ${flatten.info.keywords.join(" + ")} flattened; nothing lost`,
          }
        : { check: "flatten", status: "fail", message: flatten.reason };
  const flattenErrors: readonly Finding[] =
    flatten.status === "failed" ? [{ code: "flatten:failed", message: flatten.reason, path: `/${flatten.keyword}` }] : NONE;
  const errorCount = specViolations.length + flattenErrors.length + propertyNames.errors.length + metaschema.errors.length + portability.errors.length;
  const warningCount = propertyNames.warnings.length + metaschema.warnings.length + portability.warnings.length;
  return {
    specViolations,
    flatten,
    finalSchema,
    finalCanonical,
    checks: [flattenCheck, propertyNames.check, metaschema.check, portability.check],
    // Shared and never written (tool-facts.ts copies before adding): most schemas have neither.
    errors:
      errorCount === 0 ? NONE : [...specViolations, ...flattenErrors, ...propertyNames.errors, ...metaschema.errors, ...portability.errors],
    warnings: warningCount === 0 ? NONE : [...propertyNames.warnings, ...metaschema.warnings, ...portability.warnings],
    claudeApi: { propertyNames, metaschema },
    orderSensitive: flatten.status === "flattened" || metaschema.check.status === "fail",
  };
}
