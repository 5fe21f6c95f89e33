import { describe, expect, test } from "vitest";
import { evaluate, isAnchoredGlob, ruleMatches } from "./rules";
import type { SourcedRule } from "./types";

const tool = { serverId: "github", claudeCodeName: "mcp__github__get_issue" };
const R = (list: SourcedRule["list"], rule: string): SourcedRule => ({ list, rule, source: ".claude/settings.json" });

describe("Claude Code precedence: deny, then ask, then allow, first match wins whatever the specificity", () => {
  test.each<[string, SourcedRule[], string]>([
    ["no rule", [], "none"],
    ["exact allow", [R("allow", "mcp__github__get_issue")], "allow"],
    ["bare server allow", [R("allow", "mcp__github")], "allow"],
    ["anchored glob allow", [R("allow", "mcp__github__get_*")], "allow"],
    ["anchored glob that does not match", [R("allow", "mcp__github__create_*")], "none"],
    ["unanchored allow glob * is ignored", [R("allow", "*")], "none"],
    ["unanchored allow glob mcp__* is ignored", [R("allow", "mcp__*")], "none"],
    ["allow glob in the server part is ignored", [R("allow", "mcp__git*")], "none"],
    ["unanchored deny * applies", [R("deny", "*")], "deny"],
    ["unanchored ask mcp__* applies", [R("ask", "mcp__*")], "ask"],
    ["bare server ask beats an exact allow", [R("allow", "mcp__github__get_issue"), R("ask", "mcp__github")], "ask"],
    ["bare server deny beats an exact allow", [R("allow", "mcp__github__get_issue"), R("deny", "mcp__github")], "deny"],
    ["exact deny beats a bare server allow", [R("allow", "mcp__github"), R("deny", "mcp__github__get_issue")], "deny"],
    ["glob ask beats an exact allow", [R("ask", "mcp__github__get_*"), R("allow", "mcp__github__get_issue")], "ask"],
    ["deny beats ask whatever the order", [R("ask", "mcp__github__get_issue"), R("deny", "mcp__github__*")], "deny"],
    ["another server's bare rule does not match", [R("deny", "mcp__git")], "none"],
    ["a prefix of the tool name is not a match", [R("deny", "mcp__github__get")], "none"],
    ["a parameter pattern on an MCP rule is not relied on", [R("deny", "mcp__github__get_issue(x)")], "none"],
    ["a non-MCP rule does not match", [R("deny", "Bash(rm:*)")], "none"],
  ])("%s", (_name, rules, expected) => {
    expect(evaluate(tool, rules).decision).toBe(expected);
  });

  test("the reason names the rule and the file", () => {
    const result = evaluate(tool, [R("allow", "mcp__github__get_issue"), R("ask", "mcp__github")]);
    expect(result.why).toBe('ask "mcp__github" (.claude/settings.json)');
  });

  test("our server default is named as such", () => {
    const result = evaluate(tool, [{ rule: "mcp__github", list: "deny", source: "ours", serverDefault: true }]);
    expect(result.why).toBe('deny "mcp__github" (our server default)');
  });
});

test.each([
  ["mcp__github__*", true],
  ["mcp__github__get_*", true],
  ["mcp__*", false],
  ["*", false],
  ["mcp__git*", false],
  ["mcp__*__get", false],
  ["mcp____*", false],
])("isAnchoredGlob(%s) = %s", (rule, expected) => {
  expect(isAnchoredGlob(rule)).toBe(expected);
});

test("a server id with a double underscore: its bare rule matches its own tools only", () => {
  const t = { serverId: "a__b", claudeCodeName: "mcp__a__b__t" };
  expect(ruleMatches("mcp__a__b", "deny", t)).toBe(true);
  expect(ruleMatches("mcp__a", "deny", t)).toBe(false);
});
