import { describe, expect, test } from "vitest";
import { duplicateNameViolation, specCheck, toolSpecViolations } from "./spec";

describe("toolSpecViolations (per tool, never per server)", () => {
  test.each([
    ["a valid tool", { name: "a", inputSchema: { type: "object" } }, []],
    ["no name", { inputSchema: { type: "object" } }, ["spec:missing-name"]],
    ["an empty name", { name: "", inputSchema: { type: "object" } }, ["spec:missing-name"]],
    ["a numeric name", { name: 7, inputSchema: { type: "object" } }, ["spec:missing-name"]],
    ["no inputSchema", { name: "a" }, ["spec:missing-input-schema"]],
    ["a null inputSchema", { name: "a", inputSchema: null }, ["spec:missing-input-schema"]],
    ["a boolean inputSchema", { name: "a", inputSchema: true }, ["spec:input-schema-not-object"]],
    ["a root without type", { name: "a", inputSchema: { properties: {} } }, ["spec:root-not-object"]],
    ["a root of type string", { name: "a", inputSchema: { type: "string" } }, ["spec:root-not-object"]],
    ["a root type array", { name: "a", inputSchema: { type: ["object", "null"] } }, ["spec:root-not-object"]],
    ["neither name nor schema", {}, ["spec:missing-name", "spec:missing-input-schema"]],
    ["not an object", "create_issue", ["spec:not-an-object"]],
    ["null", null, ["spec:not-an-object"]],
  ])("%s", (_label, tool, codes) => {
    expect(toolSpecViolations(tool).map((f) => f.code)).toEqual(codes);
  });

  test("the spec check reports pass or every message", () => {
    expect(specCheck([]).status).toBe("pass");
    const check = specCheck(toolSpecViolations({ inputSchema: { type: "string" } }));
    expect(check.status).toBe("fail");
    expect(check.message).toContain("no name");
    expect(check.message).toContain('type "string"');
  });

  test("a duplicate name names the server and the count", () => {
    expect(duplicateNameViolation("search", "github", 2).message).toBe('github lists "search" 2 times; one is kept, the others are excluded');
  });
});
