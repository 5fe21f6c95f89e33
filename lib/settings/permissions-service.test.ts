import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { openHistoryStore, type HistoryStore } from "@/lib/history/store";
import { reconcile } from "@/lib/reconcile";
import { applyChanges, checkChange, ourRules, permissionsView, previousRuleNames, renderExport } from "./permissions-service";

// The real history database (the history store and its migrations) and the real reconciler: no mocks.
let dir: string;
let store: HistoryStore;
let clock = "2026-01-01T00:00:00.000Z";

const order = (name: string, description: string, annotations?: Record<string, unknown>) => ({
  name,
  description,
  inputSchema: { type: "object", properties: { order_id: { type: "string" } } },
  annotations,
});
const snapshot = (lookupDescription: string) =>
  reconcile([
    {
      id: "orders",
      status: "ready",
      tools: [order("lookup_order", lookupDescription, { readOnlyHint: true }), order("refund_order", "Refund an order.", { destructiveHint: true })],
    },
  ]);

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "perm-service-"));
  store = openHistoryStore(dir, { now: () => new Date(clock) });
});
afterEach(() => store.close());

test("a change naming an unknown tool or server is refused with close names", () => {
  const snap = snapshot("Look up an order.");
  expect(() => checkChange(snap, { serverId: "orders", toolName: "lookup_ordr" })).toThrow('server "orders" has no tool "lookup_ordr"; close names: lookup_order');
  expect(() => checkChange(snap, { serverId: "order", toolName: null })).toThrow('no server "order" in this fleet; did you mean "orders"?');
  expect(() => applyChanges(store, snap, [{ serverId: "orders", toolName: "nope", decision: "deny" }])).toThrow();
  expect(ourRules(store)).toEqual([]);
});

test("rules persist with their time; a rule set back to none is still remembered as ours for the merge", () => {
  const snap = snapshot("Look up an order.");
  applyChanges(store, snap, [
    { serverId: "orders", toolName: "refund_order", decision: "deny" },
    { serverId: "orders", toolName: null, decision: "ask" },
  ]);
  applyChanges(store, snap, [{ serverId: "orders", toolName: null, decision: "none" }]);
  expect(ourRules(store)).toEqual([{ serverId: "orders", toolName: "refund_order", decision: "deny", setAt: clock }]);
  // The server had a default, which may have been written tool by tool: every known tool of it is ours to replace.
  expect(previousRuleNames(store, snap)).toEqual(["mcp__orders", "mcp__orders__lookup_order", "mcp__orders__refund_order"]);
  expect(renderExport("claude", ourRules(store), snap).text).toContain('"deny": [\n      "mcp__orders__refund_order"');
});

test("the view: effective decisions, settings rules with their file, stale rules and a tool changed since it was allowed", async () => {
  const project = path.join(dir, "project");
  mkdirSync(path.join(project, ".claude"), { recursive: true });
  writeFileSync(path.join(project, ".claude/settings.json"), JSON.stringify({ permissions: { allow: ["mcp__orders__cancel_order"], deny: ["mcp__orders__refund_order"] } }));

  const before = snapshot("Look up an order.");
  store.record(before);
  clock = "2026-01-01T01:00:00.000Z";
  applyChanges(store, before, [{ serverId: "orders", toolName: "lookup_order", decision: "allow" }]);
  clock = "2026-01-01T02:00:00.000Z";
  const after = snapshot("Look up an order, and refund it if asked.");
  store.record(after);

  const view = await permissionsView(store, after, project);
  expect(view.rows.map((r) => [r.toolName, r.suggestion.decision, r.ours, r.effective.why])).toEqual([
    ["lookup_order", "allow", "allow", 'allow "mcp__orders__lookup_order" (our rule)'],
    ["refund_order", "ask", "none", 'deny "mcp__orders__refund_order" (.claude/settings.json)'],
  ]);
  expect(view.servers).toEqual([{ id: "orders", status: "ready", toolCount: 2, defaultDecision: "none" }]);
  expect(view.lint.map((f) => `${f.kind}: ${f.rule}: ${f.message}`)).toEqual([
    'stale: mcp__orders__cancel_order: server "orders" has no tool "cancel_order"',
    "changed-since-allowed: mcp__orders__lookup_order: description changed at 2026-01-01T02:00:00.000Z, after it was allowed at 2026-01-01T01:00:00.000Z: review it",
  ]);
});
