/** `GET /api/report[?since=ISO]`: the weekly review as Markdown (text/markdown), as `fleet report` prints it (issue 5). */
import { apiRoute } from "@/lib/api/route";
import { reportMarkdown } from "@/lib/history/api";
import { getHistory } from "@/lib/history/server-store";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = apiRoute("report", async (request: Request) => {
  const { store, context } = await getHistory();
  return new Response(reportMarkdown(store, context, new URL(request.url)), {
    headers: { "Content-Type": "text/markdown; charset=utf-8", "Cache-Control": "no-store" },
  });
});
