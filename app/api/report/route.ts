/**
 * `GET /api/report[?since=ISO]`: the weekly review as Markdown (text/markdown), as `fleet report`
 * prints it (issue 5); `&format=json` answers `{ markdown }` for the dashboard's store.
 */
import { apiRoute } from "@/lib/server/route";
import { reportMarkdown } from "@/lib/server/history";
import { getHistory } from "@/lib/server/history-store";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = apiRoute("report", async (request: Request) => {
  const url = new URL(request.url);
  const { store, context } = await getHistory();
  const markdown = reportMarkdown(store, context, url);
  if (url.searchParams.get("format") === "json") return { markdown };
  return new Response(markdown, { headers: { "Content-Type": "text/markdown; charset=utf-8", "Cache-Control": "no-store" } });
});
