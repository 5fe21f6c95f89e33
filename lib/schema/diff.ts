/**
 * Structural diff of two schemas (or any JSON values), for drift views: every change as a JSON
 * Pointer with before/after, plus a top-level summary of properties and required names.
 */
import { canonicalJson } from "./canonical-json";
import { MAX_SCHEMA_DEPTH } from "./depth";
import { pointer } from "@/lib/json/pointer";
import { isPlainObject } from "@/lib/json/values";

export interface SchemaChange {
  /** JSON Pointer of the changed place ("" for the root). */
  path: string;
  kind: "added" | "removed" | "changed";
  before?: unknown;
  after?: unknown;
}

export interface SchemaDiffSummary {
  propertiesOnlyInBefore: string[];
  propertiesOnlyInAfter: string[];
  propertiesChanged: string[];
  requiredOnlyInBefore: string[];
  requiredOnlyInAfter: string[];
}

/** Every difference between `before` and `after`, ordered by path; key order never counts. */
export function diffSchemas(before: unknown, after: unknown): SchemaChange[] {
  const changes: SchemaChange[] = [];
  diffAt(before, after, "", changes, 0);
  return changes;
}

function diffAt(before: unknown, after: unknown, path: string, out: SchemaChange[], depth: number): void {
  // Past this depth the walk would risk the call stack: the rest is compared whole (canonical JSON is iterative).
  if (depth > MAX_SCHEMA_DEPTH) {
    if (canonicalJson(before) !== canonicalJson(after)) out.push({ path, kind: "changed", before, after });
    return;
  }
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    for (const key of keys) {
      const at = pointer(path, key);
      const inBefore = key in before && before[key] !== undefined;
      const inAfter = key in after && after[key] !== undefined;
      if (inBefore && !inAfter) out.push({ path: at, kind: "removed", before: before[key] });
      else if (!inBefore && inAfter) out.push({ path: at, kind: "added", after: after[key] });
      else if (inBefore && inAfter) diffAt(before[key], after[key], at, out, depth + 1);
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const shared = Math.min(before.length, after.length);
    for (let i = 0; i < shared; i++) diffAt(before[i], after[i], pointer(path, i), out, depth + 1);
    for (let i = shared; i < before.length; i++) out.push({ path: pointer(path, i), kind: "removed", before: before[i] });
    for (let i = shared; i < after.length; i++) out.push({ path: pointer(path, i), kind: "added", after: after[i] });
    return;
  }
  if (canonicalJson(before) !== canonicalJson(after)) out.push({ path, kind: "changed", before, after });
}

/** The top-level view: which properties and required names appear, disappear or change. */
export function summarizeSchemaDiff(before: unknown, after: unknown): SchemaDiffSummary {
  const propsBefore = propertiesOf(before);
  const propsAfter = propertiesOf(after);
  const reqBefore = requiredOf(before);
  const reqAfter = requiredOf(after);
  const namesBefore = Object.keys(propsBefore);
  const namesAfter = Object.keys(propsAfter);
  return {
    propertiesOnlyInBefore: namesBefore.filter((n) => !(n in propsAfter)).sort(),
    propertiesOnlyInAfter: namesAfter.filter((n) => !(n in propsBefore)).sort(),
    propertiesChanged: namesBefore
      .filter((n) => n in propsAfter && canonicalJson(propsBefore[n]) !== canonicalJson(propsAfter[n]))
      .sort(),
    requiredOnlyInBefore: reqBefore.filter((n) => !reqAfter.includes(n)).sort(),
    requiredOnlyInAfter: reqAfter.filter((n) => !reqBefore.includes(n)).sort(),
  };
}

function propertiesOf(schema: unknown): Record<string, unknown> {
  return isPlainObject(schema) && isPlainObject(schema.properties) ? schema.properties : {};
}

function requiredOf(schema: unknown): string[] {
  const required = isPlainObject(schema) ? schema.required : undefined;
  return Array.isArray(required) ? [...new Set(required.filter((r): r is string => typeof r === "string"))] : [];
}
