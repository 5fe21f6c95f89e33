/** `POST /api/servers/<id>/reconnect`: drop and redo one server's connection; answers its new details. */
import { apiRoute } from "@/lib/server/route";
import { getFleetContext } from "@/lib/server/context";
import { findServer, requireServer } from "@/lib/server/servers";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

export const POST = apiRoute("servers", async (_request: Request, { params }: Params) => {
  const { id } = await params;
  const context = await getFleetContext();
  requireServer(context, id);
  await context.manager.reconnect(id);
  return { server: findServer(context, id) ?? null };
});
