/** `GET /api/history?kind=&server=&since=&limit=`: drift events, newest first. */
import { getHistory } from "@/lib/server/context";
import { apiRoute } from "@/lib/server/route";
import { parseEventQuery } from "./schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = apiRoute("history", async (request: Request) => {
  const filter = parseEventQuery(new URL(request.url));
  const { store } = await getHistory();
  return { events: store.events(filter) };
});
