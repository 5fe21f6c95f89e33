/**
 * Tokens in o200k_base, the encoding of OpenAI's GPT-5-and-later models and so of the model Codex 0.169.0
 * asks for by default (`gpt-6.1-sol`, observed: docs/cost.md "Codex"). gpt-tokenizer is a pure JavaScript
 * port of tiktoken with the encoding's ranks inside the package: it runs in Node and in the browser and
 * needs no network. Special-token text (`<|endoftext|>`) in a description is counted as the plain text
 * the API sees it as, never refused.
 */
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";

export const O200K_TOKENIZER = "gpt-tokenizer 4 (o200k_base)";

const PLAIN = { allowedSpecial: new Set<string>(), disallowedSpecial: new Set<string>() };

export function countO200k(text: string): number {
  return text === "" ? 0 : countTokens(text, PLAIN);
}
