/**
 * MCP-level spec violations, per tool and never per server (docs/fleet-snapshot.md, rule 6): a tool with no
 * name, a missing inputSchema, a root that is not `type: "object"`, a name listed twice by one server.
 */
import type { CheckResult, Finding } from "./types";
import { isPlainObject } from "@/lib/json/values";

/** Every spec violation of one tool: its identity (object, name) and its inputSchema. */
export function toolSpecViolations(tool: unknown): Finding[] {
  const identity = toolIdentityViolations(tool);
  return isPlainObject(tool) ? [...identity, ...schemaSpecViolations(tool.inputSchema)] : identity;
}

/** Violations of the tool object itself: not an object, or no usable name. */
export function toolIdentityViolations(tool: unknown): Finding[] {
  if (!isPlainObject(tool)) {
    return [{ code: "spec:not-an-object", message: `the tool entry is ${tool === null ? "null" : Array.isArray(tool) ? "an array" : `a ${typeof tool}`}, not an object` }];
  }
  const findings: Finding[] = [];
  if (tool.name === undefined || tool.name === null) {
    findings.push({ code: "spec:missing-name", message: "the tool has no name" });
  } else if (typeof tool.name !== "string" || tool.name.length === 0) {
    findings.push({ code: "spec:missing-name", message: `the tool's name is ${JSON.stringify(tool.name)}, not a non-empty string` });
  }
  return findings;
}

/** Violations of the inputSchema as received: it must be an object whose root is `type: "object"`. */
export function schemaSpecViolations(schema: unknown): Finding[] {
  if (schema === undefined || schema === null) {
    return [{ code: "spec:missing-input-schema", message: "the tool has no inputSchema", fix: 'send {"type": "object"} for a tool without parameters' }];
  }
  if (!isPlainObject(schema)) {
    return [{ code: "spec:input-schema-not-object", message: `inputSchema is ${Array.isArray(schema) ? "an array" : JSON.stringify(schema)}, not a schema object`, fix: 'send {"type": "object", "properties": {...}}' }];
  }
  if (schema.type !== "object") {
    return [
      {
        code: "spec:root-not-object",
        message: `the inputSchema root has ${"type" in schema ? `type ${JSON.stringify(schema.type)}` : "no type"}; MCP requires type "object"`,
        path: "/type",
        fix: 'set "type": "object" at the root',
      },
    ];
  }
  return [];
}

/** The finding for the second and later tools of one server sharing a name. */
export function duplicateNameViolation(name: string, serverId: string, count: number): Finding {
  return {
    code: "spec:duplicate-name",
    message: `${serverId} lists ${JSON.stringify(name)} ${count} times; one is kept, the others are excluded`,
    fix: "tool names must be unique within a server",
  };
}

const SPEC_PASS: CheckResult = Object.freeze({ check: "spec", status: "pass", message: "a valid MCP tool definition" });

/** The `spec` check as shown in a tool's detail view. */
export function specCheck(violations: readonly Finding[]): CheckResult {
  return violations.length === 0 ? SPEC_PASS : { check: "spec", status: "fail", message: violations.map((v) => v.message).join("; ") };
}
