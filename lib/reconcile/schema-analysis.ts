/**
 * Everything the reconciler learns from one inputSchema as received (spec violations, flattening,
 * the rule 5 checks of the final schema), computed once per schema hash: real fleets repeat schemas.
 */
import { canonicalJson } from "../schema/canonical-json";
import { checkSchema, type SchemaCheckReport } from "../schema/checks";
import { flattenSchema, type FlattenOutcome } from "../schema/flatten";
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
}

/** One analysis per distinct schema, valid for a single reconcile run. */
export class SchemaAnalysisCache {
  private readonly byHash = new Map<string, SchemaAnalysis>();

  get(schemaHash: string, schema: unknown, canonical: string): SchemaAnalysis {
    let analysis = this.byHash.get(schemaHash);
    if (!analysis) {
      analysis = analyzeSchema(schema, canonical);
      this.byHash.set(schemaHash, analysis);
    }
    return analysis;
  }

  get size(): number {
    return this.byHash.size;
  }
}

export function analyzeSchema(schema: unknown, canonical = canonicalJson(schema)): SchemaAnalysis {
  const specViolations = schemaSpecViolations(schema);
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
    };
  }
  const flatten = flattenSchema(schema);
  const finalSchema = flatten.status === "flattened" ? flatten.schema : schema;
  const finalCanonical = flatten.status === "flattened" ? canonicalJson(finalSchema) : canonical;
  const report: SchemaCheckReport = checkSchema(finalSchema);
  const flattenCheck: CheckResult =
    flatten.status === "unchanged"
      ? { check: "flatten", status: "skipped", message: "no root anyOf / oneOf / allOf" }
      : flatten.status === "flattened"
        ? {
            check: "flatten",
            status: flatten.info.lost.length > 0 ? "warn" : "pass",
            message: flatten.info.lostConstraint
              ? `root ${flatten.info.keywords.join(" + ")} flattened; ${flatten.info.lostConstraint}`
              : `root ${flatten.info.keywords.join(" + ")} flattened; nothing lost`,
          }
        : { check: "flatten", status: "fail", message: flatten.reason };
  const flattenErrors: Finding[] =
    flatten.status === "failed" ? [{ code: "flatten:failed", message: flatten.reason, path: `/${flatten.keyword}` }] : [];
  return {
    specViolations,
    flatten,
    finalSchema,
    finalCanonical,
    checks: [flattenCheck, ...report.checks],
    errors: [...specViolations, ...flattenErrors, ...report.errors],
    warnings: report.warnings,
  };
}
