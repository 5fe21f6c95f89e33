/** `GET /api/permissions/export?format=`: one of the export formats (Claude Code by default). */
import { z } from "zod";

import { parseQuery } from "@/lib/server/query";

const exportQuery = z.object({ format: z.enum(["claude", "codex", "cursor", "cursor-cli"]).default("claude") });

export function parseExportQuery(url: URL): z.infer<typeof exportQuery> {
  return parseQuery(url, exportQuery);
}
