/** `POST /api/refresh` (optional body `{ id }`): re-list tools of every server, or of one; answers the new FleetState (without the client views). */
import { apiRoute, parseJsonBody } from "@/lib/server/route";
import { getFleetContext } from "@/lib/server/context";
import { fleetStateJson } from "@/lib/server/fleet-json";
import { requireServer } from "@/lib/server/servers";
import { RefreshBody } from "./schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = apiRoute("refresh", async (request: Request) => {
  const hasBody = request.headers.get("content-length") !== "0" && request.headers.get("content-type") !== null;
  const { id } = hasBody ? await parseJsonBody(request, RefreshBody) : {};
  const context = await getFleetContext();
  if (id !== undefined) requireServer(context, id);
  await context.manager.refresh(id);
  return fleetStateJson(context.manager.getState());
});
