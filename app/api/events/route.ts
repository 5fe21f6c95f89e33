/** `GET /api/events`: the dashboard's server-sent event stream (lib/server/event-stream.ts). */
import { getFleetContext } from "@/lib/server/context";
import { eventStream, SSE_HEADERS } from "@/lib/server/event-stream";
import { apiRoute } from "@/lib/server/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = apiRoute("events", async (request: Request) => {
  const { page } = await getFleetContext();
  return new Response(
    // The first event names the current version only: a page that does not hold it fetches the index.
    eventStream(request.signal, () => page.hello()),
    { headers: SSE_HEADERS },
  );
});
