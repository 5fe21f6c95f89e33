import { describe, expect, test } from "vitest";
import { nameChecks, splitAtLimit } from "./description-cut";

describe("splitAtLimit", () => {
  test.each([
    ["", 3, "", ""],
    ["abc", 3, "abc", ""],
    ["abcd", 3, "abc", "d"],
    ["a😀b😀", 2, "a😀", "b😀"],
  ])("%j at %i", (text, limit, kept, cut) => {
    expect(splitAtLimit(text, limit)).toEqual({ kept, cut });
  });
  test("2,048 is the default limit", () => {
    expect(splitAtLimit("x".repeat(2049)).cut).toBe("x");
    expect(splitAtLimit("x".repeat(2048)).cut).toBe("");
  });
});

describe("nameChecks", () => {
  test("a long server id pushes the Claude Code name over 64", () => {
    const server = "s".repeat(42);
    const fits = nameChecks("create_issue", "create_issue", `mcp__${server}__create_issue`);
    expect(fits.map((c) => `${c.label} ${c.length} ${c.ok}`)).toEqual(["Original 12 true", "Exposed 12 true", "Claude Code 61 true"]);
    const over = nameChecks("create_issue_now", "create_issue_now", `mcp__${server}__create_issue_now`);
    expect(over[2]).toMatchObject({ ok: false, length: 65 });
  });
  test.each([
    ["mcp__wiki__comments_create", true],
    ["mcp__wiki__comments.create", false],
    ["mcp__files__read/file", false],
  ])("Claude Code name %j ok: %s", (claudeCodeName, ok) => {
    expect(nameChecks("x", "x", claudeCodeName)[2].ok).toBe(ok);
  });
  test.each([
    ["bad name", "bad_name", false, true],
    ["ok", null, true, false],
  ])("original %j exposed %j", (original, exposed, originalOk, exposedOk) => {
    const checks = nameChecks(original, exposed, `mcp__s__${original}`);
    expect([checks[0].ok, checks[1].ok]).toEqual([originalOk, exposedOk]);
  });
});
