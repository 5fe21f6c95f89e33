/**
 * `POST /api/cost/count` `{ client?, profile?, model? }`: the CostReport with Claude's tokens counted by
 * Anthropic's count_tokens, on demand (a button), with the key of the environment MCP Fleet was started in;
 * only the tool definitions are sent. 400 without a key or for Codex.
 */
import { countCost } from "@/lib/server/cost";
import { apiRoute, parseJsonBody } from "@/lib/server/route";
import { countBody } from "../schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = apiRoute("cost", async (request: Request) => {
  const { client, profile, model } = await parseJsonBody(request, countBody);
  return countCost(client, profile, model);
});
