/** `GET /api/history/tools/<server>/<tool>`: the tool's hash timeline, oldest first. */
import { apiRoute } from "@/lib/server/route";
import { getHistory } from "@/lib/server/context";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { params: Promise<{ server: string; tool: string }> };

export const GET = apiRoute("history", async (_request: Request, { params }: Params) => {
  const { server, tool } = await params;
  const { store } = await getHistory();
  return { serverId: server, toolName: tool, versions: store.toolVersions(server, tool) };
});
