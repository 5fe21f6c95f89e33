/**
 * The context cost of a view: sizes are of exactly the text the client sends (the whole array's JSON is the
 * total, each tool's element its own), servers add up with the client's wrapper, Claude Code's deferred mode
 * costs names and always-load tools only, the setting decides which applies, and the heaviest list is ordered
 * with its shares. A character counter stands in for a tokenizer where the numbers should be read by eye.
 */
import { describe, expect, test } from "vitest";
import { claudeCodeView, codexView, agentSdkView, DEFERRED_HEADING, DEFERRED_ENTRIES } from "@/lib/clients";
import type { ServerToolList } from "@/lib/reconcile/types";
import { contextCost, type CostOptions } from "./context-cost";
import { codePoints, utf8Bytes } from "./measure";
import { tokenMethodFor } from "./token-method";
import type { TokenMethod } from "./types";

const chars = (text: string) => codePoints(text);
const TOKENS: TokenMethod = { kind: "estimate", encoding: "test", tokenizer: "one token per character", model: "test", about: "one token per character" };
const opts = (extra: Partial<CostOptions> = {}): CostOptions => ({ count: chars, tokens: TOKENS, ...extra });

const tool = (name: string, description: string, extra: Record<string, unknown> = {}) => ({ name, description, inputSchema: { type: "object", properties: { q: { type: "string" } } }, ...extra });
const FLEET: ServerToolList[] = [
  { id: "github", status: "ready", tools: [tool("create_issue", "Create an issue."), tool("search", "Search code, 日本語 ✓ 😀.")] },
  { id: "linear", status: "ready", instructions: "Linear's tracker.", tools: [tool("create_issue", "Create a Linear issue."), tool("big", "x".repeat(300), { _meta: { "anthropic/alwaysLoad": true } })] },
  { id: "down", status: "error", error: "exited", tools: [] },
];

describe.each([
  ["claude-code", () => claudeCodeView(FLEET)],
  ["codex", () => codexView(FLEET)],
  ["agent-sdk", () => agentSdkView(FLEET)],
] as const)("%s", (_name, makeView) => {
  const view = makeView();
  const report = contextCost(view, FLEET, opts());
  const sentText = JSON.stringify(view.wire);

  test("the total is the whole MCP part of the tools array, as serialized", () => {
    expect(report.total.loaded).toEqual({ chars: codePoints(sentText), bytes: utf8Bytes(sentText), tokens: codePoints(sentText) });
    expect(report.total.loaded.bytes).toBe(new TextEncoder().encode(sentText).length);
  });

  test("each tool is its own wire element; the rest of the total is the array's framing", () => {
    expect(report.tools.map((t) => t.name)).toEqual(view.tools.filter((v) => v.sent).map((v) => v.sent!.callName).sort((a, b) => report.tools.findIndex((t) => t.name === a) - report.tools.findIndex((t) => t.name === b)));
    for (const t of report.tools) {
      const verdict = view.tools.find((v) => v.sent?.callName === t.name)!;
      expect(t.loaded.chars).toBe(codePoints(JSON.stringify(verdict.sent!.wire)));
      expect(t.description.chars).toBe(codePoints(verdict.sent!.description));
    }
    const servers = report.servers.reduce((n, s) => n + s.loaded.chars, 0);
    const framing = report.total.loaded.chars - servers;
    // `[`, `]` and the commas between elements: one fewer comma than elements.
    const elements = view.wire.length;
    expect(framing).toBe(elements === 0 ? 2 : 2 + elements - 1);
  });

  test("every server is listed, a failed one with nothing", () => {
    expect(report.servers.map((s) => [s.serverId, s.tools])).toEqual([
      ["down", 0],
      ["github", 2],
      ["linear", 2],
    ]);
    expect(report.servers.find((s) => s.serverId === "down")!.loaded).toEqual({ chars: 0, bytes: 0, tokens: 0 });
  });

  test("shares of the up-front total add up to the servers' part of it", () => {
    const sum = report.servers.reduce((n, s) => n + s.share, 0);
    const serversPart = report.servers.reduce((n, s) => n + s.upFront.tokens, 0) / report.total.upFront.tokens;
    expect(sum).toBeCloseTo(serversPart, 10);
  });

  test("the same view gives the same report", () => {
    expect(JSON.stringify(contextCost(makeView(), [...FLEET].reverse(), opts()))).toBe(JSON.stringify(report));
  });
});

test("a Codex server costs its whole namespace: the instructions as description and the wrapper", () => {
  const view = codexView(FLEET);
  const report = contextCost(view, FLEET, opts());
  const linear = view.wire.find((ns) => ns.name === "mcp__linear")!;
  expect(linear.description).toBe("Linear's tracker.");
  expect(report.servers.find((s) => s.serverId === "linear")!.loaded.chars).toBe(codePoints(JSON.stringify(linear)));
  expect(report.tools.map((t) => t.name)).toEqual(["mcp__github__create_issue", "mcp__github__search", "mcp__linear__big", "mcp__linear__create_issue"]);
  expect(report.total.deferred).toBeNull();
  expect(report.loading.applies).toBe("loaded");
});

describe("Claude Code's deferred mode", () => {
  const view = claudeCodeView(FLEET);
  const names = ["mcp__github__create_issue", "mcp__github__search", "mcp__linear__create_issue"];

  test("up front: a name line per tool, and the always-load tool whole", () => {
    const report = contextCost(view, FLEET, opts());
    expect(report.loading.applies).toBe("deferred");
    expect(report.loading.reason).toContain("ENABLE_TOOL_SEARCH is not set");
    const big = report.tools.find((t) => t.name === "mcp__linear__big")!;
    expect(big.alwaysLoad).toBe(true);
    expect(big.upFront).toEqual(big.loaded);
    for (const name of names) expect(report.tools.find((t) => t.name === name)!.upFront.chars).toBe(name.length + 1);
    const announcement = [DEFERRED_HEADING, ...names].join("\n");
    expect(report.total.deferred!.announcement.chars).toBe(announcement.length);
    expect(report.total.deferred!.alwaysLoaded).toEqual(big.loaded);
    expect(report.total.upFront.chars).toBe(announcement.length + big.loaded.chars);
    expect(report.total.deferred!.toolSearch.chars).toBe(JSON.stringify(DEFERRED_ENTRIES).length);
    expect(report.servers.find((s) => s.serverId === "github")!.upFront.chars).toBe(names[0].length + 1 + names[1].length + 1);
  });

  test.each([
    ["false", "loaded"],
    ["true", "deferred"],
    ["auto:100", "loaded"],
  ] as const)("ENABLE_TOOL_SEARCH=%s: %s", (value, applies) => {
    const report = contextCost(view, FLEET, opts({ toolSearch: { value, source: ".claude/settings.json" } }));
    expect(report.loading.applies).toBe(applies);
    expect(report.total.upFront).toEqual(applies === "loaded" ? report.total.loaded : report.total.deferred!.total);
    expect(report.tools.every((t) => applies === "deferred" || t.upFront === t.loaded)).toBe(true);
  });

  test("auto:N compares the tools in full with N% of the context window", () => {
    const total = contextCost(view, FLEET, opts()).total.loaded.tokens;
    const below = contextCost(view, FLEET, opts({ toolSearch: { value: "auto:10", source: "environment" }, contextWindow: total * 10 }));
    const above = contextCost(view, FLEET, opts({ toolSearch: { value: "auto:10", source: "environment" }, contextWindow: total * 10 - 10 }));
    expect([below.loading.applies, above.loading.applies]).toEqual(["loaded", "deferred"]);
    expect(above.loading.reason).toContain("may decide otherwise");
  });
});

test("the heaviest tools and descriptions, with their share of the tools in full", () => {
  const report = contextCost(claudeCodeView(FLEET), FLEET, opts({ heaviest: 2 }));
  expect(report.heaviest.tools.map((t) => t.name)).toEqual(["mcp__linear__big", "mcp__linear__create_issue"]);
  const big = report.tools.find((t) => t.name === "mcp__linear__big")!;
  expect(report.heaviest.tools[0]).toEqual({ serverId: "linear", originalName: "big", name: "mcp__linear__big", tokens: big.loaded.tokens, chars: big.loaded.chars, share: big.loaded.tokens / report.total.loaded.tokens });
  expect(report.heaviest.descriptions[0]).toMatchObject({ name: "mcp__linear__big", tokens: 300 });
});

test("Anthropic's own count replaces the tokens of each tool, of the whole array and of the announcement", () => {
  const view = claudeCodeView(FLEET);
  const api = {
    model: "claude-test",
    baseline: 8,
    withTools: 8 + 900,
    perTool: { mcp__github__create_issue: 100, mcp__github__search: 120, mcp__linear__create_issue: 110, mcp__linear__big: 200 },
    framing: 370,
    announcement: 77,
    requests: 6,
  };
  const report = contextCost(view, FLEET, opts({ api, toolSearch: { value: "false", source: "environment" } }));
  expect(report.total.loaded.tokens).toBe(900);
  expect(report.tools.map((t) => [t.name, t.loaded.tokens])).toEqual(Object.entries(api.perTool).sort(([a], [b]) => report.tools.findIndex((t) => t.name === a) - report.tools.findIndex((t) => t.name === b)));
  expect(report.servers.find((s) => s.serverId === "github")!.loaded.tokens).toBe(220);
  expect(contextCost(view, FLEET, opts({ api })).total.deferred!.announcement.tokens).toBe(77);
});

test("Codex tokens are exact o200k_base; Claude's are an estimate that says how it was made", () => {
  expect(tokenMethodFor("codex").tokens).toMatchObject({ kind: "exact", encoding: "o200k_base", model: "gpt-6.1-sol" });
  const claude = tokenMethodFor("claude-code").tokens;
  expect(claude.kind).toBe("estimate");
  expect(claude.about).toMatch(/^estimate: o200k_base tokens .* tool-use system prompt .*--count-with-api/);
});
