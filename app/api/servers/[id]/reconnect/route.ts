/**
 * `POST /api/servers/<id>/reconnect` (optional body `{ timeoutMs }`): drop and redo one server's
 * connection, with a longer timeout when given; answers its new details.
 */
import { apiRoute, parseJsonBody } from "@/lib/server/route";
import { getFleetContext } from "@/lib/server/context";
import { findServer, requireServer } from "@/lib/server/servers";
import { ReconnectBody } from "./schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

export const POST = apiRoute("servers", async (request: Request, { params }: Params) => {
  const { id } = await params;
  const hasBody = request.headers.get("content-length") !== "0" && request.headers.get("content-type") !== null;
  const { timeoutMs } = hasBody ? await parseJsonBody(request, ReconnectBody) : {};
  const context = await getFleetContext();
  requireServer(context, id);
  await context.manager.reconnect(id, { timeoutMs });
  return { server: findServer(context, id) ?? null };
});
