/**
 * The decision shown is the one Claude Code makes: checked against the capture of Claude Code 2.1.328
 * in which the model called every offered tool once (`callOutcomes`: a call ran only when allowed),
 * with rules in the user's settings and in the untrusted project's .claude/settings.json.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { loadFleet } from "@/lib/clients/__fixtures__/load-fleet";
import { reconcile } from "@/lib/reconcile";
import { permissionRows } from "./effective";
import type { ExistingRule } from "./types";

const fleet = loadFleet("claude-permissions");
const capture = JSON.parse(readFileSync(join(process.cwd(), "lib/clients/__captures__/claude-code@2.1.328/claude-permissions.json"), "utf8")) as {
  callOutcomes: Record<string, { ran: boolean }>;
  mcpTools: { name: string }[];
};
const rules = (file: string, lists: Partial<Record<"allow" | "ask" | "deny", string[]>>): ExistingRule[] =>
  (["allow", "ask", "deny"] as const).flatMap((list) => (lists[list] ?? []).map((rule) => ({ file, list, rule })));
const existing = [...rules("~/.claude/settings.json", fleet.claudeCode.permissions), ...rules(".claude/settings.json", fleet.claudeCode.projectPermissions)];
const tools = reconcile(fleet.servers.map((s) => ({ id: s.id, status: "ready" as const, tools: s.tools }))).tools;
const rows = permissionRows(tools, [], existing, { trusted: false });

test.each(Object.entries(capture.callOutcomes))("%s: the call ran (allowed) exactly when the effective decision is allow", (name, outcome) => {
  const row = rows.find((r) => r.claudeCodeName === name);
  expect(row).toBeDefined();
  expect(row!.effective.decision === "allow").toBe(outcome.ran);
});

test("every tool Claude Code left out of the request is denied, and every denied tool is left out", () => {
  const sent = new Set(capture.mcpTools.map((t) => t.name));
  for (const row of rows) expect([row.claudeCodeName, row.effective.decision === "deny"]).toEqual([row.claudeCodeName, !sent.has(row.claudeCodeName)]);
});

test("in a trusted workspace the project's allow rule would apply", () => {
  const trusted = permissionRows(tools, [], existing).find((r) => r.claudeCodeName === "mcp__proj__p_allowed");
  expect(trusted?.effective.why).toBe('allow "mcp__proj__p_allowed" (.claude/settings.json)');
});
