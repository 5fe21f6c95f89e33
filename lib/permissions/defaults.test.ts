import { parse } from "smol-toml";
import { describe, expect, test } from "vitest";
import { permissionRows } from "./effective";
import { exportClaude, untrustedAllowWarning } from "./export-claude";
import { exportCodex } from "./export-codex";
import { exportCursor } from "./export-cursor";
import { lintRules } from "./lint";
import { evaluate } from "./rules";
import { tool } from "./test-fleet";
import type { Decision, OurRule, PermissionTool } from "./types";

// A forge server: a default, and exceptions looser and stricter than it.
const FORGE: PermissionTool[] = [tool("forge", "search"), tool("forge", "read.file"), tool("forge", "push"), tool("forge", "delete")];
const rule = (toolName: string | null, decision: OurRule["decision"]): OurRule => ({ serverId: "forge", toolName, decision });

const CASES: [string, OurRule[]][] = [
  ["ask default, one tool allowed", [rule(null, "ask"), rule("search", "allow")]],
  ["ask default, one allowed and one denied", [rule(null, "ask"), rule("search", "allow"), rule("delete", "deny")]],
  ["deny default, one allowed and one asked", [rule(null, "deny"), rule("search", "allow"), rule("push", "ask")]],
  ["deny default alone", [rule(null, "deny")]],
  ["allow default, stricter exceptions", [rule(null, "allow"), rule("delete", "deny"), rule("push", "ask")]],
  ["no default, tool rules only", [rule("search", "allow"), rule("delete", "deny")]],
  ["a tool rule equal to the default", [rule(null, "ask"), rule("push", "ask")]],
];

const intended = (ours: OurRule[], name: string): Decision | "none" =>
  ours.find((r) => r.toolName === name && r.decision !== "none")?.decision ?? ours.find((r) => r.toolName === null)?.decision ?? "none";

describe("a server default is a default: a tool's own rule overrides it", () => {
  test.each(CASES)("Claude Code decides what the user set, tool by tool (%s)", (_label, ours) => {
    const { permissions } = exportClaude(ours, FORGE);
    const written = (["deny", "ask", "allow"] as const).flatMap((list) => permissions[list].map((r) => ({ rule: r, list, source: ".claude/settings.local.json" })));
    for (const t of FORGE) expect([t.originalName, evaluate(t, written).decision]).toEqual([t.originalName, intended(ours, t.originalName)]);
  });

  test.each(CASES)("the effective decision shown is the one Claude Code makes, and equals the one set (%s)", (_label, ours) => {
    for (const row of permissionRows(FORGE, ours, [])) expect([row.toolName, row.effective.decision]).toEqual([row.toolName, row.intended]);
  });

  test("the ask default with an allowed tool is compiled into per-tool rules, with sanitized names", () => {
    const exported = exportClaude([rule(null, "ask"), rule("search", "allow")], FORGE);
    expect(exported.permissions).toEqual({
      allow: ["mcp__forge__search"],
      ask: ["mcp__forge__delete", "mcp__forge__push", "mcp__forge__read_file"],
      deny: [],
    });
    expect(exported.managed).toEqual(["mcp__forge", "mcp__forge__delete", "mcp__forge__push", "mcp__forge__read_file", "mcp__forge__search"]);
    expect(exported.warnings).toEqual(["forge: the default ask is written tool by tool, because Claude Code would let a server-wide ask beat search (allow)"]);
  });

  test("a deny default with exceptions warns that tools added later are asked for, not denied", () => {
    expect(exportClaude([rule(null, "deny"), rule("search", "allow")], FORGE).warnings[0]).toContain("a tool forge adds later is not covered, so Claude Code asks for it");
  });

  test("a default with only stricter exceptions stays the bare server rule", () => {
    expect(exportClaude([rule(null, "allow"), rule("delete", "deny")], FORGE).permissions).toEqual({ allow: ["mcp__forge"], ask: [], deny: ["mcp__forge__delete"] });
  });

  test("the why names the default even when it is written per tool", () => {
    const rows = permissionRows(FORGE, [rule(null, "ask"), rule("search", "allow")], []);
    expect(rows.map((r) => `${r.toolName}: ${r.effective.why}`)).toEqual([
      'search: allow "mcp__forge__search" (our rule)',
      'read.file: ask "mcp__forge__read_file" (our server default)',
      'push: ask "mcp__forge__push" (our server default)',
      'delete: ask "mcp__forge__delete" (our server default)',
    ]);
  });

  test("our compiled rules are never shadowed by each other", () => {
    for (const [, ours] of CASES) expect(lintRules({ tools: FORGE, servers: [{ id: "forge", status: "ready" }], ours, existing: [] })).toEqual([]);
  });

  test("an existing rule in another file still decides when it is stricter (and is not ours to replace)", () => {
    const rows = permissionRows(FORGE, [rule(null, "ask"), rule("search", "allow")], [{ file: "~/.claude/settings.json", list: "ask", rule: "mcp__forge__*" }]);
    expect(rows.find((r) => r.toolName === "search")?.effective.why).toBe('ask "mcp__forge__*" (~/.claude/settings.json)');
  });

  test("a rule on the unsanitized name matches nothing; the sanitized one does", () => {
    const t = FORGE[1];
    expect(evaluate(t, [{ rule: "mcp__forge__read.file", list: "deny", source: "x" }]).decision).toBe("none");
    expect(evaluate(t, [{ rule: "mcp__forge__read_file", list: "deny", source: "x" }]).decision).toBe("deny");
  });
});

describe("Codex and Cursor keep the exceptions", () => {
  test("Codex: an ask default does not swallow search allow; the exception is its own approval_mode", () => {
    const parsed = parse(exportCodex([rule(null, "ask"), rule("search", "allow")], FORGE).text) as { mcp_servers: Record<string, unknown> };
    expect(parsed.mcp_servers.forge).toEqual({ default_tools_approval_mode: "prompt", tools: { search: { approval_mode: "approve" } } });
  });

  test("Codex: a deny default enables only its exceptions, each with its approval mode", () => {
    const parsed = parse(exportCodex([rule(null, "deny"), rule("search", "allow"), rule("push", "ask")], FORGE).text) as { mcp_servers: Record<string, unknown> };
    expect(parsed.mcp_servers.forge).toEqual({
      enabled_tools: ["push", "search"],
      tools: { push: { approval_mode: "prompt" }, search: { approval_mode: "approve" } },
    });
  });

  test("Codex: an allow default with a denied tool", () => {
    const parsed = parse(exportCodex([rule(null, "allow"), rule("delete", "deny")], FORGE).text) as { mcp_servers: Record<string, unknown> };
    expect(parsed.mcp_servers.forge).toEqual({ default_tools_approval_mode: "approve", disabled_tools: ["delete"] });
  });

  test("Cursor: an ask default does not swallow search allow", () => {
    expect(exportCursor([rule(null, "ask"), rule("search", "allow")], FORGE).permissionsJson.mcpAllowlist).toEqual(["forge:search"]);
  });

  test("Cursor: a deny default with an allowed tool denies the others one by one", () => {
    expect(exportCursor([rule(null, "deny"), rule("search", "allow")], FORGE).cliJson.permissions).toEqual({
      allow: ["Mcp(forge:search)"],
      deny: ["Mcp(forge:delete)", "Mcp(forge:push)", "Mcp(forge:read.file)"],
    });
    expect(exportCursor([rule(null, "deny")], FORGE).cliJson.permissions.deny).toEqual(["Mcp(forge:*)"]);
  });
});

test.each([
  ["settings", { allow: ["mcp__a"], ask: [], deny: [] }, true],
  ["settings", { allow: [], ask: ["mcp__a"], deny: ["mcp__b"] }, false],
  ["settings.local", { allow: ["mcp__a"], ask: [], deny: [] }, false],
] as const)("allow rules written to .claude/%s.json come with the trust warning: %#", (target, permissions, warned) => {
  const warning = untrustedAllowWarning(target, { ...permissions, allow: [...permissions.allow], ask: [...permissions.ask], deny: [...permissions.deny] });
  expect(warning !== null).toBe(warned);
  if (warning) expect(warning).toContain(".claude/settings.local.json");
});
