/** `GET /api/history/tools/<server>/<tool>/diff?from=&to=`: schema structural diff + description text diff. */
import { getHistory } from "@/lib/server/context";
import { toolDiff } from "@/lib/server/history";
import { apiRoute } from "@/lib/server/route";
import { parseDiffQuery } from "./schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { params: Promise<{ server: string; tool: string }> };

export const GET = apiRoute("history", async (request: Request, { params }: Params) => {
  const { server, tool } = await params;
  const range = parseDiffQuery(new URL(request.url));
  const { store } = await getHistory();
  return toolDiff(store, server, tool, range);
});
