/**
 * lib/bundle: the Agent SDK bundle (docs/bundle.md), one TypeScript module for a host built on
 * @anthropic-ai/sdk, generated from the agent-sdk client view. Pure: the CLI and the route write it.
 */
export * from "./types";
export { renderBundle } from "./render";
export { systemPromptHint, MAX_HINT_GROUPS } from "./prompt-hint";
