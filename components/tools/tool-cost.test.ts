import { expect, test } from "vitest";
import type { IndexCost } from "@/lib/server/page-state";
import { defers, loadingSentence, tokenShare, tokensTitle, toolCostTitle } from "./tool-cost";

const estimate = { kind: "estimate", encoding: "o200k_base", tokenizer: "t", model: "m", about: "estimate" } as const;
const exact = { kind: "exact", encoding: "o200k_base", tokenizer: "t", model: "m", about: "exact" } as const;
const deferred: IndexCost = { method: estimate, tokens: 4000, loading: { applies: "deferred", setting: { mode: "deferred", reason: "unset" }, reason: "ENABLE_TOOL_SEARCH is not set" } };
const eager: IndexCost = { method: estimate, tokens: 4000, loading: { applies: "loaded", setting: { mode: "eager", reason: "false" }, reason: "ENABLE_TOOL_SEARCH=false" } };
const codex: IndexCost = { method: exact, tokens: 0, loading: { applies: "loaded", setting: null, reason: "Codex sends every tool in full" } };

test.each([
  [100, deferred, 0.025],
  [0, deferred, 0],
  [5, codex, 0],
] as const)("tokenShare(%d) of %#", (tokens, cost, share) => {
  expect(tokenShare(tokens, cost)).toBe(share);
});

test.each([
  ["Claude Code, deferred", deferred, true, "Tokens (loaded)", /Deferred applies: up front only its name goes/, /^Deferred behind ToolSearch applies \(ENABLE_TOOL_SEARCH is not set\)/],
  ["Claude Code, every tool loaded", eager, false, "Tokens", /Every tool in full applies/, /^Every tool in full applies \(ENABLE_TOOL_SEARCH=false\)/],
  ["Codex", codex, false, "Tokens", /Sent in full with every request/, /^Every tool is sent in full: Codex sends/],
] as const)("%s", (_name, cost, deferring, title, hover, sentence) => {
  expect(defers(cost)).toBe(deferring);
  expect(tokensTitle(defers(cost))).toBe(title);
  expect(toolCostTitle(100, cost, "Client 1")).toMatch(hover);
  expect(loadingSentence(cost)).toMatch(sentence);
});

test("the hover text names the tokens, the share and the total, and says an estimate is one", () => {
  expect(toolCostTitle(1234, deferred, "Claude Code 2.1.328")).toMatch(/^1,234 tokens \(estimate\) in full: 30\.9% of the 4,000 of every tool Claude Code 2\.1\.328 sends\./);
  expect(toolCostTitle(2, { ...codex, tokens: 10 }, "Codex 0.169.0")).toMatch(/^2 tokens in full: 20\.0% of the 10/);
});
