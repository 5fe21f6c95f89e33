/** `GET /api/profiles?client=`: mcp-fleet.json's profiles, each with its own fleet and cost, and the suggestions (ProfilesView, lib/profiles/overview.ts). */
import { getProfiles } from "@/lib/server/cost";
import { apiRoute } from "@/lib/server/route";
import { parseProfilesQuery } from "./schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = apiRoute("profiles", async (request: Request) => {
  const { client } = parseProfilesQuery(new URL(request.url));
  return getProfiles(client);
});
