/** `GET /api/cost?client=claude-code|claude-code@2.1.194|codex|agent-sdk&profile=<name>`: the CostReport (lib/cost/types.ts). */
import { getCost } from "@/lib/server/cost";
import { apiRoute } from "@/lib/server/route";
import { parseCostQuery } from "./schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = apiRoute("cost", async (request: Request) => {
  const { client, profile } = parseCostQuery(new URL(request.url));
  // Made into JSON once per fleet version (megabytes for a big fleet), not on every visit of a page.
  return new Response(await getCost(client, profile), { headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
});
