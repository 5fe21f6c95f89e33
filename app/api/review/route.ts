/** `GET /api/review`: everything since the last review; `POST /api/review` `{ eventIds }` or `{ all: true }`: mark reviewed. */
import { apiRoute, parseJsonBody } from "@/lib/server/route";
import { getHistory } from "@/lib/server/context";
import { ReviewBody } from "./schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = apiRoute("review", async () => {
  const { store } = await getHistory();
  return store.review();
});

export const POST = apiRoute("review", async (request: Request) => {
  const body = await parseJsonBody(request, ReviewBody);
  const { store } = await getHistory();
  const marked = store.markReviewed("all" in body ? "all" : body.eventIds);
  return { marked, review: store.review() };
});
