/** `GET /api/permissions/export?format=claude|codex|cursor|cursor-cli`: the export as a file download. */
import { apiRoute } from "@/lib/server/route";
import { exportPermissions } from "@/lib/server/permissions";
import { parseExportQuery } from "./schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = apiRoute("permissions", async (request: Request) => {
  const { format } = parseExportQuery(new URL(request.url));
  const rendered = await exportPermissions(format);
  return new Response(rendered.text, {
    headers: {
      "Content-Type": `${rendered.contentType}; charset=utf-8`,
      "Content-Disposition": `attachment; filename="${rendered.fileName}"`,
      "Cache-Control": "no-store",
    },
  });
});
