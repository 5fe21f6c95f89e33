/** `GET /api/fleet/index`: what every page starts from (lib/server/page-state.ts `FleetIndex`), built once per fleet version. */
import { apiRoute } from "@/lib/server/route";
import { getFleetContext } from "@/lib/server/context";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = apiRoute("fleet", async () => {
  const { page } = await getFleetContext();
  return new Response(page.indexJson(), { headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
});
