/** `POST /api/review/baseline`: accept the live fleet as the baseline: writes mcp-fleet.lock.json, marks everything reviewed (issue 5). */
import { apiRoute } from "@/lib/api/route";
import { acceptBaseline } from "@/lib/history/api";
import { getHistory } from "@/lib/history/server-store";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = apiRoute("review", async () => {
  const { store, context } = await getHistory();
  // The lock is the reviewed baseline of a settled fleet, never of servers still starting.
  await context.manager.whenSettled();
  return acceptBaseline(store, context);
});
