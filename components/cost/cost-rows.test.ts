import { describe, expect, test } from "vitest";
import { claudeCodeView, codexView } from "@/lib/clients";
import { contextCost } from "@/lib/cost/context-cost";
import { codePoints } from "@/lib/cost/measure";
import type { TokenMethod } from "@/lib/cost/types";
import type { ServerToolList } from "@/lib/reconcile/types";
import { costRows, formatNumber, formatShare, serverBars } from "./cost-rows";

// One token per character, so every figure below can be checked by eye against the text it measures.
const TOKENS: TokenMethod = { kind: "estimate", encoding: "test", tokenizer: "one token per character", model: "test", about: "one token per character" };
const tool = (name: string, description: string, extra: Record<string, unknown> = {}) => ({ name, description, inputSchema: { type: "object" }, ...extra });
const FLEET: ServerToolList[] = [
  { id: "github", status: "ready", tools: [tool("create_issue", "Create an issue."), tool("search", "x".repeat(200))] },
  { id: "linear", status: "ready", tools: [tool("create_issue", "Create a Linear issue."), tool("pinned", "Always there.", { _meta: { "anthropic/alwaysLoad": true } })] },
  { id: "idle", status: "ready", tools: [] },
];
const DESCRIPTIONS: Record<string, string> = Object.fromEntries(FLEET.flatMap((s) => s.tools.map((t) => [`${s.id}:${(t as { name: string }).name}`, (t as { description: string }).description])));
const claude = contextCost(claudeCodeView(FLEET), FLEET, { count: codePoints, tokens: TOKENS, toolSearch: null });
const codex = contextCost(codexView(FLEET), FLEET, { count: codePoints, tokens: TOKENS, toolSearch: null });

describe("costRows", () => {
  const rows = costRows(claude);

  test("one row per tool sent, keyed server:original, named as the client sends it", () => {
    expect(rows.map((r) => [r.key, r.name])).toEqual([
      ["github:create_issue", "mcp__github__create_issue"],
      ["github:search", "mcp__github__search"],
      ["linear:create_issue", "mcp__linear__create_issue"],
      ["linear:pinned", "mcp__linear__pinned"],
    ]);
  });

  test.each(claude.tools.map((t) => [`${t.serverId}:${t.originalName}`, t] as const))("%s: its shares are of the tools in full", (key, t) => {
    const row = rows.find((r) => r.key === key)!;
    expect(row.tokens).toBe(t.loaded.tokens);
    expect(row.share).toBeCloseTo(t.loaded.tokens / claude.total.loaded.tokens, 12);
    expect(row.descriptionTokens).toBe(codePoints(DESCRIPTIONS[key]));
    expect(row.descriptionShare).toBeCloseTo(row.descriptionTokens / claude.total.loaded.tokens, 12);
    expect(row.descriptionOfTool).toBeCloseTo(row.descriptionTokens / row.tokens, 12);
  });

  test("deferred: a tool costs its name line up front, an always-load tool its whole entry", () => {
    const byKey = Object.fromEntries(rows.map((r) => [r.key, r]));
    expect(byKey["github:search"].upFront).toBeLessThan(byKey["github:search"].tokens);
    expect(byKey["linear:pinned"]).toMatchObject({ alwaysLoad: true, upFront: byKey["linear:pinned"].tokens });
  });

  test("a report with no tools has no rows and no division by zero", () => {
    const empty = contextCost(claudeCodeView([]), [], { count: codePoints, tokens: TOKENS, toolSearch: null });
    expect(costRows(empty)).toEqual([]);
    expect(serverBars(empty, "loaded")).toEqual({ bars: [], total: empty.total.loaded.tokens, shared: empty.total.loaded.tokens });
  });
});

describe("serverBars", () => {
  test.each([
    ["Claude Code, up front (deferred)", claude, "upFront"],
    ["Claude Code, in full", claude, "loaded"],
    ["Codex, in full", codex, "loaded"],
  ] as const)("%s: heaviest first, each share of the measure's total, the rest shared", (_name, report, measure) => {
    const { bars, total, shared } = serverBars(report, measure);
    expect(bars.map((b) => b.serverId).sort()).toEqual(["github", "idle", "linear"]);
    expect(bars.map((b) => b.tokens)).toEqual([...bars.map((b) => b.tokens)].sort((a, b) => b - a));
    expect(bars.at(-1)).toMatchObject({ serverId: "idle", tools: 0, tokens: 0, share: 0 });
    for (const bar of bars) {
      const server = report.servers.find((s) => s.serverId === bar.serverId)!;
      expect(bar.tokens).toBe(measure === "upFront" ? server.upFront.tokens : server.loaded.tokens);
      expect(bar.share).toBeCloseTo(bar.tokens / total, 12);
    }
    expect(total).toBe(measure === "upFront" ? report.total.upFront.tokens : report.total.loaded.tokens);
    expect(shared).toBe(total - bars.reduce((n, b) => n + b.tokens, 0));
  });

  test("deferred up front, the servers' name lines leave the announcement's sentence shared", () => {
    const { shared } = serverBars(claude, "upFront");
    expect(claude.total.deferred).not.toBeNull();
    expect(shared).toBeGreaterThan(0);
  });

  test("for the same servers, up front costs less than in full while Claude Code defers", () => {
    expect(serverBars(claude, "upFront").total).toBeLessThan(serverBars(claude, "loaded").total);
  });
});

test.each([
  [0, "0.0%"],
  [0.0004, "<0.1%"],
  [0.001, "0.1%"],
  [0.17989, "18.0%"],
  [1, "100.0%"],
])("formatShare(%s) is %s", (share, text) => {
  expect(formatShare(share)).toBe(text);
});

test.each([
  [0, "0"],
  [999, "999"],
  [17348, "17,348"],
  [1234567, "1,234,567"],
])("formatNumber(%s) is %s", (value, text) => {
  expect(formatNumber(value)).toBe(text);
});
