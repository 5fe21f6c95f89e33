/** `GET /api/history?kind=a,b&kind=c&server=&since=&limit=`: the drift event filter. */
import { z } from "zod";

import { DRIFT_KINDS, type EventFilter } from "@/lib/history/types";
import { isoTime, parseQuery } from "@/lib/server/query";

const historyQuery = z
  .object({
    kind: z.array(z.enum(DRIFT_KINDS)).optional(),
    server: z.string().min(1).optional(),
    since: isoTime.optional(),
    limit: z.coerce.number().int().min(1).max(50_000).optional(),
  })
  .transform(({ kind, server, ...rest }): EventFilter => ({ ...(kind ? { kinds: kind } : {}), ...(server ? { serverId: server } : {}), ...rest }));

export function parseEventQuery(url: URL): EventFilter {
  return parseQuery(url, historyQuery, ["kind"]);
}
