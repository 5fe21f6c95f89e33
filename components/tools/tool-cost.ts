/**
 * What a tool costs in the chosen client's request, as the tools page says it (docs/cost.md): its tokens
 * in full, its share of all the tokens of the tools that client sends, and for Claude Code whether that
 * full cost or the deferred one (only its name up front) applies. Pure: the figures are the index's,
 * measured on the server by lib/cost.
 */
import { formatNumber, formatShare } from "@/components/cost/cost-rows";
import type { IndexCost } from "@/lib/server/page-state";

/** A tool's share of its client's tools, 0..1. */
export function tokenShare(tokens: number, cost: IndexCost): number {
  return cost.tokens > 0 ? tokens / cost.tokens : 0;
}

/** "tokens", or "tokens (estimate)" when the count is one (Claude's tokenizer is not published). */
export function tokensUnit(cost: IndexCost): string {
  return cost.method.kind === "estimate" ? "tokens (estimate)" : "tokens";
}

/** Only Claude Code defers (its decision names the setting it read); others always send each tool in full. */
export function defers(cost: IndexCost): boolean {
  return cost.loading.setting !== null && cost.loading.applies === "deferred";
}

/** The column's title: for Claude Code while deferred applies, said to be the cost once loaded. */
export function tokensTitle(deferred: boolean): string {
  return deferred ? "Tokens (loaded)" : "Tokens";
}

/** The hover text of one tool's cost. */
export function toolCostTitle(tokens: number, cost: IndexCost, clientLabel: string): string {
  const head = `${formatNumber(tokens)} ${tokensUnit(cost)} in full: ${formatShare(tokenShare(tokens, cost))} of the ${formatNumber(cost.tokens)} of every tool ${clientLabel} sends.`;
  if (cost.loading.setting === null) return `${head} Sent in full with every request.`;
  return defers(cost)
    ? `${head} Deferred applies: up front only its name goes; this is what it costs once the model loads it.`
    : `${head} Every tool in full applies: this is what it costs in every request.`;
}

/** One sentence on which cost applies for the client, and why. */
export function loadingSentence(cost: IndexCost): string {
  if (cost.loading.setting === null) return `Every tool is sent in full: ${cost.loading.reason}.`;
  return defers(cost)
    ? `Deferred behind ToolSearch applies (${cost.loading.reason}): only the names go up front, each tool's tokens are what it costs once loaded.`
    : `Every tool in full applies (${cost.loading.reason}): each tool's tokens are what it costs in every request.`;
}
