/** `GET /api/fleet/tools/<server>/<tool>[?occurrence=N]`: one tool in full (lib/server/page-state.ts `ToolDetail`); 404 when the fleet does not list it. */
import { FleetError } from "@/lib/errors";
import { getFleetContext } from "@/lib/server/context";
import { apiRoute } from "@/lib/server/route";
import { parseToolQuery } from "./schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { params: Promise<{ server: string; tool: string }> };

export const GET = apiRoute("tools", async (request: Request, { params }: Params) => {
  const { server, tool } = await params;
  const { occurrence } = parseToolQuery(new URL(request.url));
  const { page } = await getFleetContext();
  const detail = page.detail(server, tool, occurrence);
  if (!detail) throw new FleetError("not_found", "tools", `No tool "${tool}" on server "${server}" in the fleet right now.`);
  return detail;
});
