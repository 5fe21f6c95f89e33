/**
 * How tokens are counted for each client (docs/cost.md "Tokens"). Codex's default model uses o200k_base,
 * which runs here: exact. Claude's tokenizer is not published: the o200k count of the same text is shown as
 * an estimate, said as such, until the user asks Anthropic's count_tokens (on demand, with their key).
 */
import type { ClientId } from "@/lib/clients";
import type { TokenCounter } from "./measure";
import { countO200k, O200K_TOKENIZER } from "./o200k";
import type { ApiTokenCount, TokenMethod } from "./types";

/** The model Codex 0.169.0 asks for when config.toml names none (observed against a fake Responses API). */
export const CODEX_DEFAULT_MODEL = "gpt-6.1-sol";
/** The model Claude Code 2.1.328 asks for with an API key and no model setting (observed against a fake Messages API). */
export const CLAUDE_CODE_DEFAULT_MODEL = "claude-opus-5-5";
/** Anthropic's published tool-use system prompt for Claude 4 models with tool_choice auto (its pricing page); later models may differ. */
export const CLAUDE_TOOL_FRAMING_DOCUMENTED = 346;

export function tokenMethodFor(client: ClientId): { count: TokenCounter; tokens: TokenMethod } {
  if (client === "codex") {
    return {
      count: countO200k,
      tokens: {
        kind: "exact",
        encoding: "o200k_base",
        tokenizer: O200K_TOKENIZER,
        model: CODEX_DEFAULT_MODEL,
        about: `exact: o200k_base tokens (${O200K_TOKENIZER}) of the text Codex sends; ${CODEX_DEFAULT_MODEL}, its default model, is an o200k_base model. OpenAI lays function tools out in the prompt in its own form, so the prompt holds about this many tokens, not exactly this text`,
      },
    };
  }
  return {
    count: countO200k,
    tokens: {
      kind: "estimate",
      encoding: "o200k_base",
      tokenizer: O200K_TOKENIZER,
      model: CLAUDE_CODE_DEFAULT_MODEL,
      about: `estimate: o200k_base tokens (${O200K_TOKENIZER}) of the same text, since Claude's tokenizer is not published and counts differently; the API also adds its tool-use system prompt once per request (${CLAUDE_TOOL_FRAMING_DOCUMENTED} tokens for Claude 4 models with tool_choice auto, per Anthropic's pricing page), not included. Count with the API (--count-with-api) for the exact figures`,
    },
  };
}

/** The token method of a report whose Claude tokens Anthropic counted. */
export function countedMethod(api: ApiTokenCount): TokenMethod {
  const framing = api.framing === null ? "" : `; the API adds ${api.framing} tokens once per request when tools are present (its tool-use framing), in the total but in no tool`;
  return {
    kind: "counted",
    model: api.model,
    about: `counted by Anthropic's count_tokens for ${api.model} (${api.requests} requests: without tools, with every tool, with each tool alone)${framing}; descriptions and name lines alone stay estimated (o200k_base)`,
  };
}
