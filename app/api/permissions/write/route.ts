/**
 * `POST /api/permissions/write` `{ target, token }`: merge our rules into the settings file only if it
 * still has the bytes the preview saw (409 `conflict:permissions` otherwise, nothing written).
 */
import { apiRoute, parseJsonBody } from "@/lib/server/route";
import { writePermissions } from "@/lib/server/permissions";
import { writeBody } from "./schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = apiRoute("permissions", async (request: Request) => {
  const { target, token } = await parseJsonBody(request, writeBody);
  return writePermissions(target, token);
});
