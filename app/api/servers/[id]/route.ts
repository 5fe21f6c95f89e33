/** `GET /api/servers/<id>`: one server's details; `DELETE /api/servers/<id>`: remove it (404 when unknown). */
import { apiRoute } from "@/lib/server/route";
import { getFleetContext } from "@/lib/server/context";
import { requireServer } from "@/lib/server/servers";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

export const GET = apiRoute("servers", async (_request: Request, { params }: Params) => {
  const { id } = await params;
  return { server: requireServer(await getFleetContext(), id) };
});

export const DELETE = apiRoute("servers", async (_request: Request, { params }: Params) => {
  const { id } = await params;
  const context = await getFleetContext();
  requireServer(context, id);
  await context.manager.unregister(id);
  return { removed: id };
});
