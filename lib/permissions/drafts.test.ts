import { expect, test } from "vitest";
import { applyEdits, draftChanges, rulesWithDrafts, shadowedOurRules } from "./drafts";
import { SERVERS, TOOLS } from "./test-fleet";
import type { ExistingRule, OurRule } from "./types";
import type { PermissionChange } from "./api-types";

const SAVED: OurRule[] = [
  { serverId: "orders", toolName: "refund_order", decision: "deny", setAt: "t1" },
  { serverId: "orders", toolName: null, decision: "ask", setAt: "t1" },
];

test("edits become drafts; an edit back to the saved decision is dropped", () => {
  let drafts = applyEdits({}, SAVED, [{ serverId: "orders", toolName: "refund_order", decision: "allow" }]);
  drafts = applyEdits(drafts, SAVED, [{ serverId: "orders", toolName: "lookup_order", decision: "allow" }]);
  expect(draftChanges(drafts)).toEqual([
    { serverId: "orders", toolName: "lookup_order", decision: "allow" },
    { serverId: "orders", toolName: "refund_order", decision: "allow" },
  ]);
  drafts = applyEdits(drafts, SAVED, [{ serverId: "orders", toolName: "refund_order", decision: "deny" }]);
  expect(draftChanges(drafts)).toEqual([{ serverId: "orders", toolName: "lookup_order", decision: "allow" }]);
});

test("a tool named like nothing special and a server default never share a key", () => {
  const drafts = applyEdits({}, [], [
    { serverId: "a", toolName: null, decision: "deny" },
    { serverId: "a", toolName: "", decision: "allow" },
  ]);
  expect(draftChanges(drafts)).toEqual([
    { serverId: "a", toolName: null, decision: "deny" },
    { serverId: "a", toolName: "", decision: "allow" },
  ]);
});

test("rules with drafts: drafts replace saved rules and none removes them", () => {
  const drafts = applyEdits({}, SAVED, [
    { serverId: "orders", toolName: null, decision: "none" },
    { serverId: "orders", toolName: "lookup_order", decision: "allow" },
  ]);
  expect(rulesWithDrafts(SAVED, drafts)).toEqual([
    { serverId: "orders", toolName: "refund_order", decision: "deny", setAt: "t1" },
    { serverId: "orders", toolName: "lookup_order", decision: "allow" },
  ]);
});

const teammate = (list: ExistingRule["list"], rule: string): ExistingRule => ({ file: ".claude/settings.json", list, rule });
const readFile = (decision: PermissionChange["decision"]): PermissionChange => ({ serverId: "files", toolName: "read_file", decision });

test.each<[string, OurRule[], PermissionChange[], ExistingRule[], Record<string, string>]>([
  ["a drafted allow under a teammate's server-wide ask", [], [readFile("allow")], [teammate("ask", "mcp__files")], { mcp__files__read_file: 'ask "mcp__files"' }],
  ["a drafted allow under a server-wide deny", [], [readFile("allow")], [teammate("deny", "mcp__files")], { mcp__files__read_file: 'deny "mcp__files"' }],
  ["a drafted ask under a server-wide deny", [], [readFile("ask")], [teammate("deny", "mcp__files")], { mcp__files__read_file: 'deny "mcp__files"' }],
  ["a drafted deny is never shadowed", [], [readFile("deny")], [teammate("ask", "mcp__files")], {}],
  ["an allow beside a server-wide allow", [], [readFile("allow")], [teammate("allow", "mcp__files")], {}],
  ["another server's ask", [], [readFile("allow")], [teammate("ask", "mcp__orders")], {}],
  ["a saved allow, no drafts", [{ serverId: "files", toolName: "read_file", decision: "allow" }], [], [teammate("ask", "mcp__files")], { mcp__files__read_file: 'ask "mcp__files"' }],
  ["a draft that removes the saved allow", [{ serverId: "files", toolName: "read_file", decision: "allow" }], [readFile("none")], [teammate("ask", "mcp__files")], {}],
  ["our server-wide allow under a deny of everything", [], [{ serverId: "files", toolName: null, decision: "allow" }], [teammate("deny", "*")], { mcp__files: 'deny "*"' }],
  ["our server-wide allow, an ask on one of its tools only", [], [{ serverId: "files", toolName: null, decision: "allow" }], [teammate("ask", "mcp__files__write_file")], {}],
  ["a teammate's allow under a teammate's ask is theirs to fix", [], [], [teammate("ask", "mcp__files"), teammate("allow", "mcp__files__read_file")], {}],
])("shadowed rules of ours, drafts applied: %s", (_name, saved, edits, existing, expected) => {
  const drafts = applyEdits({}, saved, edits);
  const shadowed = shadowedOurRules({ tools: TOOLS, servers: SERVERS, saved, drafts, existing });
  expect(Object.fromEntries([...shadowed].map(([rule, f]) => [rule, `${f.shadowedBy?.list} "${f.shadowedBy?.rule}"`]))).toEqual(expected);
});
