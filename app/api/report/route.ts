/**
 * `GET /api/report[?since=ISO]`: the weekly review as Markdown (text/markdown), as `fleet report`
 * prints it; `&format=json` answers `{ markdown }` for the dashboard's store.
 */
import { getHistory } from "@/lib/server/context";
import { reportMarkdown } from "@/lib/server/history";
import { apiRoute } from "@/lib/server/route";
import { parseReportQuery } from "./schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = apiRoute("report", async (request: Request) => {
  const { since, format } = parseReportQuery(new URL(request.url));
  const { store, context } = await getHistory();
  // The report records the live fleet first: only once every server has settled.
  await context.manager.whenSettled();
  const markdown = reportMarkdown(store, context, since);
  if (format === "json") return { markdown };
  return new Response(markdown, { headers: { "Content-Type": "text/markdown; charset=utf-8", "Cache-Control": "no-store" } });
});
