/**
 * `GET /api/fleet/index[?form=packed]`: what every page starts from (lib/server/page-state.ts `FleetIndex`),
 * built once per fleet version. `form=packed` is the same index with each tool packed into an array
 * (lib/server/index-wire.ts): what the pages fetch, less than half the bytes to read and parse.
 */
import { apiRoute } from "@/lib/server/route";
import { getFleetContext } from "@/lib/server/context";
import { parseIndexQuery } from "./schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = apiRoute("fleet", async (request: Request) => {
  const { form } = parseIndexQuery(new URL(request.url));
  const { page } = await getFleetContext();
  const body = form === "packed" ? page.indexPackedJson() : page.indexJson();
  return new Response(body, { headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
});
