/** `POST /api/permissions/preview` `{ target: "settings" | "settings.local" }` -> `{ diff, token, path }`: nothing is written. */
import { apiRoute, parseJsonBody } from "@/lib/api/route";
import { previewPermissions } from "@/lib/settings/permissions-api";
import { previewBody } from "../schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = apiRoute("permissions", async (request: Request) => {
  const { target } = await parseJsonBody(request, previewBody);
  return previewPermissions(target);
});
