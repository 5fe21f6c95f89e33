/** `GET /api/permissions/export?format=claude|codex|cursor|cursor-cli`: the export as a file download. */
import { apiRoute } from "@/lib/server/route";
import { renderExport, ourRules } from "@/lib/settings/permissions-service";
import { live } from "@/lib/server/permissions";
import { exportFormat } from "../schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = apiRoute("permissions", async (request: Request) => {
  const format = exportFormat.parse(new URL(request.url).searchParams.get("format") ?? "claude");
  const { store, snapshot } = await live();
  const rendered = renderExport(format, ourRules(store), snapshot);
  return new Response(rendered.text, {
    headers: {
      "Content-Type": `${rendered.contentType}; charset=utf-8`,
      "Content-Disposition": `attachment; filename="${rendered.fileName}"`,
      "Cache-Control": "no-store",
    },
  });
});
