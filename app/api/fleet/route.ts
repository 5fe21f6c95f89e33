/** `GET /api/fleet`: the live FleetState (snapshot plus per-server details, configs redacted), without the client views. */
import { apiRoute } from "@/lib/server/route";
import { getFleetContext } from "@/lib/server/context";
import { fleetStateJson } from "@/lib/server/fleet-json";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = apiRoute("fleet", async () => {
  const { manager } = await getFleetContext();
  return fleetStateJson(manager.getState());
});
