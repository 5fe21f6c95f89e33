import { expect, test } from "vitest";
import { applyEdits, draftChanges, rulesWithDrafts } from "./drafts";
import type { OurRule } from "./types";

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
