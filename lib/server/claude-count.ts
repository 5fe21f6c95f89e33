/**
 * Claude's own token count of a tool set (docs/cost.md "Counting with the API"): Anthropic's
 * `messages.countTokens` through the official SDK, on demand only (a CLI flag, a button), with the user's
 * key from the environment. Sent: the tool definitions exactly as the client sends them and the smallest
 * message the endpoint takes (`"."`), nothing else. One request without tools, one with all of them, one per
 * tool alone; the API adds its tool-use framing once per request, which the single counts reveal.
 */
import "server-only";

import Anthropic from "@anthropic-ai/sdk";

import type { ClaudeWireTool } from "@/lib/clients";
import type { ApiTokenCount } from "@/lib/cost";
import { FleetError } from "@/lib/errors";

export interface ClaudeCountInput {
  apiKey: string;
  /** `ANTHROPIC_BASE_URL` when the user sets one (a proxy, or a test's fake API); else Anthropic's. */
  baseURL?: string;
  model: string;
  tools: readonly ClaudeWireTool[];
  /** Claude Code's deferred mode: the announcement text, counted as message text. */
  announcement?: string | null;
  /** Requests in flight at once. */
  concurrency?: number;
}

/** The smallest message the endpoint takes: every count is taken against it and it is taken away again. */
export const MINIMAL_MESSAGE = ".";

/** Where the key and the base URL come from: the environment the CLI or the dashboard was started with. */
export function anthropicCredentials(env: Record<string, string | undefined>): { apiKey: string; baseURL?: string } | null {
  const apiKey = env.ANTHROPIC_API_KEY;
  if (!apiKey) return null;
  return { apiKey, ...(env.ANTHROPIC_BASE_URL ? { baseURL: env.ANTHROPIC_BASE_URL } : {}) };
}

export async function countClaudeTokens(input: ClaudeCountInput): Promise<ApiTokenCount> {
  const client = new Anthropic({ apiKey: input.apiKey, ...(input.baseURL ? { baseURL: input.baseURL } : {}), maxRetries: 2, timeout: 60_000 });
  let requests = 0;
  const count = async (content: string | { type: "text"; text: string }[], tools?: readonly ClaudeWireTool[]): Promise<number> => {
    requests++;
    try {
      const result = await client.messages.countTokens({
        model: input.model,
        messages: [{ role: "user", content }],
        ...(tools ? { tools: tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.input_schema as Anthropic.Tool.InputSchema })) } : {}),
      });
      return result.input_tokens;
    } catch (error) {
      throw describe(error, input.model);
    }
  };

  const baseline = await count(MINIMAL_MESSAGE);
  const withTools = input.tools.length > 0 ? await count(MINIMAL_MESSAGE, input.tools) : baseline;
  const singles = await pool(input.tools, input.concurrency ?? 4, (tool) => count(MINIMAL_MESSAGE, [tool]));
  const sum = singles.reduce((n, s) => n + (s - baseline), 0);
  // n single requests carry the framing n times, the all-tools request once.
  const framing = input.tools.length >= 2 ? Math.round((sum - (withTools - baseline)) / (input.tools.length - 1)) : null;
  const perTool: Record<string, number> = {};
  input.tools.forEach((tool, i) => (perTool[tool.name] = singles[i] - baseline - (framing ?? 0)));
  const announcement = input.announcement
    ? (await count([{ type: "text", text: MINIMAL_MESSAGE }, { type: "text", text: input.announcement }])) - baseline
    : null;
  return { model: input.model, baseline, withTools, perTool, framing, announcement, requests };
}

async function pool<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return out;
}

/** An SDK failure in words, naming the model and never the key. */
function describe(error: unknown, model: string): FleetError {
  if (error instanceof Anthropic.AuthenticationError) return new FleetError("bad_request", "count", "Anthropic refused the key in ANTHROPIC_API_KEY (401); nothing was counted");
  if (error instanceof Anthropic.NotFoundError) return new FleetError("bad_request", "count", `Anthropic does not know the model ${model} (404); pass another with --model`);
  if (error instanceof Anthropic.RateLimitError) return new FleetError("unavailable", "count", "Anthropic's rate limit was reached (429) after retries; try again in a minute");
  if (error instanceof Anthropic.APIConnectionError) return new FleetError("unavailable", "count", `cannot reach the Anthropic API (${error.message}); nothing was counted`);
  if (error instanceof Anthropic.APIError) return new FleetError("unavailable", "count", `the Anthropic API answered ${error.status ?? "an error"}: ${error.message}`);
  return new FleetError("internal", "count", `counting failed: ${(error as Error).message}`);
}
