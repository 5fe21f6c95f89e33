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
  test.each([
    ["plain", "github", "create_issue", "mcp__github__create_issue"],
    ["a dot in the tool name", "fs", "files.read", "mcp__fs__files_read"],
    ["a space in the server id", "acme tools", "x", "mcp__acme_tools__x"],
    ["hyphens stay", "my-server", "get-docs", "mcp__my-server__get-docs"],
    ["non-ASCII, one _ per UTF-16 code unit", "s", "café🙂", "mcp__s__caf___"],
    ["never cut: 96 characters", "s".repeat(40), "t".repeat(49), `mcp__${"s".repeat(40)}__${"t".repeat(49)}`],
  ])("is mcp__<server>__<tool>, sanitized (%s)", (_label, server, tool, expected) => {
    expect(claudeCodeName(server, tool)).toBe(expected);
  });

  test.each([
    ["a valid name", "github", "create_issue", []],
    ["over 64 characters (Claude Code sends it unchanged)", "a-server-with-a-long-id", "and_a_tool_name_that_is_rather_long_too", []],
    ["__ inside the tool name (split at the first __)", "github", "issues__create", []],
    ["__ inside the server id", "git__hub", "create", ["claude-name:double-underscore"]],
    ["a dot", "github", "search.code", ["claude-name:sanitized"]],
  ])("findings for %s", (_label, server, tool, codes) => {
    expect(claudeCodeNameFindings(server, tool).map((f) => f.code)).toEqual(codes);
  });
});

test.each([
  ["a zero-width space is removed, not replaced", "s", "zero\u200Bwidth", "mcp__s__zerowidth", 'Claude Code sends s:zero\u200Bwidth as mcp__s__zerowidth (invisible characters removed); permission rules must use that name'],
  ["a dot is replaced", "s", "a.b", "mcp__s__a_b", 'Claude Code sends s:a.b as mcp__s__a_b ("." made "_"); permission rules must use that name'],
])("%s", (_label, server, tool, name, message) => {
  expect(claudeCodeName(server, tool)).toBe(name);
  expect(claudeCodeNameFindings(server, tool)[0].message).toBe(message);
});
