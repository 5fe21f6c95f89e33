import { describe, expect, test } from "vitest";
import { claudeCodeName, claudeCodeNameFindings, EXPOSED_NAME_PATTERN, nameSuffix, sanitizeName } from "./names";

describe("sanitizeName", () => {
  const long = "a".repeat(70);
  test.each([
    ["a valid name stays", "create_issue", "create_issue", []],
    ["a dot becomes _", "search.code", "search_code", ["name:invalid-chars"]],
    ["spaces and slashes become _", "run tests/all", "run_tests_all", ["name:invalid-chars"]],
    ["non-ASCII becomes _", "café", "caf_", ["name:invalid-chars"]],
    ["exactly 64 stays", "b".repeat(64), "b".repeat(64), []],
    ["over 64 is cut and suffixed", long, `${"a".repeat(55)}_b5be3419`, ["name:too-long"]],
    ["both at once", `x.${long}`, `x_${"a".repeat(53)}_cd626d40`, ["name:invalid-chars", "name:too-long"]],
  ])("%s", (_label, candidate, expected, codes) => {
    const result = sanitizeName(candidate, "srv", candidate);
    expect(result.name).toBe(expected);
    expect(result.name).toMatch(EXPOSED_NAME_PATTERN);
    expect(result.reasons.map((r) => r.code)).toEqual(codes);
  });

  // The first hex digits of sha256("<serverId>:<original>"), as `printf %s github:x | sha256sum` prints them.
  test.each([
    ["github", "x", 8, "df0c248d"],
    ["linear", "x", 8, "37fa6fc3"],
    ["github", "x", 16, "df0c248d8e9154cb"],
    ["a", "search.code", 8, "a45c6a10"],
  ])("nameSuffix(%j, %j, %i) is %j, on every run", (serverId, original, length, suffix) => {
    expect(nameSuffix(serverId, original, length)).toBe(suffix);
  });

  test.each([["🙂".repeat(40)], ["-".repeat(200)], ["\u0000"], ["a".repeat(1000)]])("never throws, always valid: %j", (candidate) => {
    expect(sanitizeName(candidate, "s", candidate).name).toMatch(EXPOSED_NAME_PATTERN);
  });
});

describe("claudeCodeName", () => {
  test("is mcp__<server>__<tool>", () => {
    expect(claudeCodeName("github", "create_issue")).toBe("mcp__github__create_issue");
  });

  test.each([
    ["a short valid name", "github", "create_issue", []],
    ["over 64 characters", "a-server-with-a-long-id", "and_a_tool_name_that_is_rather_long_too", ["claude-name:too-long"]],
    ["__ inside the tool name", "github", "issues__create", ["claude-name:double-underscore"]],
    ["a dot", "github", "search.code", ["claude-name:invalid-chars"]],
  ])("flags %s", (_label, server, tool, codes) => {
    expect(claudeCodeNameFindings(server, tool).map((f) => f.code)).toEqual(codes);
  });
});
