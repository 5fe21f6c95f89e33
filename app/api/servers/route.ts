/** `POST /api/servers` `{ id, config: <mcpServers entry> }`: add a server at runtime (201, redacted details). */
import { apiRoute, parseJsonBody } from "@/lib/server/route";
import { getFleetContext } from "@/lib/server/context";
import { addServer } from "@/lib/server/servers";
import { AddServerBody } from "./schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = apiRoute("servers", async (request: Request) => {
  const body = await parseJsonBody(request, AddServerBody);
  const context = await getFleetContext();
  const result = await addServer(context, body, process.env);
  return Response.json(result, { status: 201, headers: { "Cache-Control": "no-store" } });
});
