/**
 * lib/cost: the context cost of what each client sends (docs/cost.md), pure. Pick a token counter (o200k
 * for Codex, exact; the same as an estimate for Claude) and cost a client view; the API's own count of
 * Claude tokens is asked elsewhere, on demand (lib/server/claude-count.ts), and folded in here.
 */
export * from "./types";
export { addSizes, codePoints, measure, utf8Bytes, ZERO, type TokenCounter } from "./measure";
export { contextCost, DEFAULT_CONTEXT_WINDOW, loadingDecision, wireText, type CostOptions } from "./context-cost";
export { countO200k, O200K_TOKENIZER } from "./o200k";
export { tokenMethodFor, countedMethod, CODEX_DEFAULT_MODEL, CLAUDE_CODE_DEFAULT_MODEL, CLAUDE_TOOL_FRAMING_DOCUMENTED } from "./token-method";

export { costReport, type CostInput } from "./report";
export { claudeCountRequest, type ClaudeCountRequest } from "./count-request";
