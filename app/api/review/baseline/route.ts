/** `POST /api/review/baseline`: accept the live fleet as the baseline: writes mcp-fleet.lock.json, marks everything reviewed. */
import { apiRoute } from "@/lib/server/route";
import { acceptBaseline } from "@/lib/server/history";
import { getHistory } from "@/lib/server/context";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = apiRoute("review", async () => {
  const { store, context } = await getHistory();
  // The lock is the reviewed baseline of a settled fleet, never of servers still starting.
  await context.manager.whenSettled();
  return acceptBaseline(store, context);
});
