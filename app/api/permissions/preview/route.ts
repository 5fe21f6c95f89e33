/** `POST /api/permissions/preview` `{ target: "settings" | "settings.local" }` -> `{ diff, token, path }`: nothing is written. */
import { apiRoute, parseJsonBody } from "@/lib/server/route";
import { previewPermissions } from "@/lib/server/permissions";
import { previewBody } from "./schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = apiRoute("permissions", async (request: Request) => {
  const { target } = await parseJsonBody(request, previewBody);
  return previewPermissions(target);
});
