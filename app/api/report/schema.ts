/** `GET /api/report?since=&format=`: a fixed window instead of "since the last review"; JSON for the store. */
import { z } from "zod";

import { isoTime, parseQuery } from "@/lib/server/query";

const reportQuery = z.object({ since: isoTime.optional(), format: z.string().optional() });

export function parseReportQuery(url: URL): z.infer<typeof reportQuery> {
  return parseQuery(url, reportQuery);
}
