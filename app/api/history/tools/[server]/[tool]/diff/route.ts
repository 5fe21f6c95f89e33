/** `GET /api/history/tools/<server>/<tool>/diff?from=&to=`: schema structural diff + description text diff (issue 5). */
import { apiRoute } from "@/lib/server/route";
import { toolDiff } from "@/lib/server/history";
import { getHistory } from "@/lib/server/history-store";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { params: Promise<{ server: string; tool: string }> };

export const GET = apiRoute("history", async (request: Request, { params }: Params) => {
  const { server, tool } = await params;
  const { store } = await getHistory();
  return toolDiff(store, server, tool, new URL(request.url));
});
