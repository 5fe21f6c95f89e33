import { expect, test } from "vitest";
import { permissionRows } from "./effective";
import { lintRules } from "./lint";
import { SERVERS, TOOLS } from "./test-fleet";
import type { ExistingRule, OurRule } from "./types";

const EXISTING: ExistingRule[] = [
  { file: ".claude/settings.json", list: "allow", rule: "mcp__orders__*" },
  { file: ".claude/settings.json", list: "allow", rule: "mcp__*" },
  { file: ".claude/settings.json", list: "deny", rule: "mcp__orders__refund_order" },
  { file: ".claude/settings.json", list: "allow", rule: "mcp__orders__cancel_order" },
  { file: ".claude/settings.json", list: "allow", rule: "mcp__gone" },
  { file: ".claude/settings.json", list: "allow", rule: "mcp__down__anything" },
  { file: ".claude/settings.json", list: "allow", rule: "Bash(npm test)" },
  { file: ".claude/settings.local.json", list: "ask", rule: "mcp__files__write_file" },
  { file: ".claude/settings.local.json", list: "allow", rule: "mcp__files__write_file" },
];

test("effective decision of every tool, with the rule and file that decided", () => {
  const ours: OurRule[] = [{ serverId: "files", toolName: "read_file", decision: "allow" }];
  const rows = permissionRows(TOOLS, ours, EXISTING);
  expect(rows.map((r) => `${r.serverId}:${r.toolName} ours=${r.ours} -> ${r.effective.decision}: ${r.effective.why}`)).toMatchInlineSnapshot(`
    [
      "orders:lookup_order ours=none -> allow: allow "mcp__orders__*" (.claude/settings.json)",
      "orders:create_note ours=none -> allow: allow "mcp__orders__*" (.claude/settings.json)",
      "orders:refund_order ours=none -> deny: deny "mcp__orders__refund_order" (.claude/settings.json)",
      "orders:bad tool ours=none -> allow: allow "mcp__orders__*" (.claude/settings.json)",
      "files:read_file ours=allow -> allow: allow "mcp__files__read_file" (our rule)",
      "files:write_file ours=none -> ask: ask "mcp__files__write_file" (.claude/settings.local.json)",
      "files:weird.name ours=none -> none: no rule matches: Claude Code asks",
    ]
  `);
});

test("an existing rule naming a tool we manage is superseded by ours", () => {
  const ours: OurRule[] = [{ serverId: "orders", toolName: "refund_order", decision: "ask" }];
  const row = permissionRows(TOOLS, ours, EXISTING).find((r) => r.toolName === "refund_order");
  expect(row?.effective.why).toBe('ask "mcp__orders__refund_order" (our rule)');
});

test("lint: stale, shadowed and ignored rules", () => {
  const findings = lintRules({ tools: TOOLS, servers: SERVERS, ours: [], existing: EXISTING });
  expect(findings.map((f) => `${f.kind} ${f.list} ${f.rule} (${f.source}): ${f.message}`)).toMatchInlineSnapshot(`
    [
      "ignored allow mcp__* (.claude/settings.json): an allow glob must start with a literal mcp__<server>__; Claude Code ignores this one and approves nothing",
      "stale allow mcp__orders__cancel_order (.claude/settings.json): server "orders" has no tool "cancel_order"",
      "stale allow mcp__gone (.claude/settings.json): no server "gone" in this fleet",
      "shadowed allow mcp__files__write_file (.claude/settings.local.json): ask "mcp__files__write_file" (.claude/settings.local.json) also matches, and Claude Code checks ask before allow",
    ]
  `);
});

test("lint: an allow of ours under our own server default deny is not shadowed: the default is written per tool", () => {
  const ours: OurRule[] = [
    { serverId: "files", toolName: null, decision: "deny" },
    { serverId: "files", toolName: "read_file", decision: "allow" },
  ];
  expect(lintRules({ tools: TOOLS, servers: SERVERS, ours, existing: [] })).toEqual([]);
  expect(permissionRows(TOOLS, ours, []).find((r) => r.toolName === "read_file")?.effective.decision).toBe("allow");
});

test("lint: an allow under a server-wide deny that someone else wrote is still shadowed", () => {
  const ours: OurRule[] = [{ serverId: "files", toolName: "read_file", decision: "allow" }];
  const findings = lintRules({ tools: TOOLS, servers: SERVERS, ours, existing: [{ file: ".claude/settings.json", list: "deny", rule: "mcp__files" }] });
  expect(findings).toEqual([
    expect.objectContaining({ kind: "shadowed", rule: "mcp__files__read_file", shadowedBy: expect.objectContaining({ rule: "mcp__files" }) }),
  ]);
});

test.each([
  ["schema changed after the allow", [["t1", "s1", "d1"], ["t3", "s2", "d1"]], "schema changed at t3, after it was allowed at t2: review it"],
  ["description changed after the allow", [["t1", "s1", "d1"], ["t3", "s1", "d2"]], "description changed at t3, after it was allowed at t2: review it"],
  ["changed before the allow only", [["t0", "s0", "d0"], ["t1", "s1", "d1"]], null],
  ["unchanged", [["t1", "s1", "d1"]], null],
])("lint changed-since-allowed: %s", (_name, versions, message) => {
  const findings = lintRules({
    tools: TOOLS,
    servers: SERVERS,
    ours: [{ serverId: "files", toolName: "read_file", decision: "allow", setAt: "t2" }],
    existing: [],
    history: [
      {
        serverId: "files",
        toolName: "read_file",
        allowedAt: "t2",
        versions: versions.map(([time, schemaHash, descriptionHash]) => ({ time, schemaHash, descriptionHash })),
      },
    ],
  });
  expect(findings.filter((f) => f.kind === "changed-since-allowed").map((f) => f.message)).toEqual(message ? [message] : []);
});
