/**
 * `GET /api/permissions`: every tool with its annotations, suggestion, our rule and effective decision
 * (and why), server defaults, the rules already in the project's settings files, and lint.
 * `PUT /api/permissions` `{ changes: [{ serverId, toolName | null, decision }] }`: saved in one
 * transaction, each change recorded; an unknown server or tool is refused with close names.
 */
import { apiRoute, parseJsonBody } from "@/lib/server/route";
import { getPermissions, putPermissions } from "@/lib/server/permissions";
import { putBody } from "./schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = apiRoute("permissions", () => getPermissions());

export const PUT = apiRoute("permissions", async (request: Request) => {
  const { changes } = await parseJsonBody(request, putBody, { maxBytes: 2 * 1024 * 1024 });
  return putPermissions(changes);
});
