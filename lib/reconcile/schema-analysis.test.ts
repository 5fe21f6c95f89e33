import { describe, expect, test } from "vitest";
import { MAX_SCHEMA_DEPTH, nestingDepth } from "../schema/depth";
import { analyzeSchema } from "./schema-analysis";

describe("analyzeSchema: the depth checks, with and without a walk", () => {
  // A root nesting `depth` levels through its default (the checks count every level, not only subschemas).
  const nested = (depth: number): Record<string, unknown> => {
    let value: unknown = [];
    for (let i = 2; i < depth; i++) value = [value];
    return { type: "object", default: value };
  };
  test.each([
    ["well within the limit", 20, "pass"],
    ["exactly at the limit (a text short enough to answer without a walk)", MAX_SCHEMA_DEPTH, "pass"],
    ["one past it", MAX_SCHEMA_DEPTH + 1, "warn"],
    ["far past it", 3 * MAX_SCHEMA_DEPTH, "warn"],
  ])("%s", (_label, depth, status) => {
    const schema = nested(depth);
    expect(nestingDepth(schema, 10 * MAX_SCHEMA_DEPTH)).toBe(depth);
    const checks = Object.fromEntries(analyzeSchema(schema).checks.map((c) => [c.check, c.status]));
    expect(checks.metaschema).toBe(status);
    expect(checks.portability).toBe("pass");
  });
});
