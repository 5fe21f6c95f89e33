/** `?occurrence=N`: the N-th tool of that name on that server (a server that lists a name twice); 1 by default. */
import { z } from "zod";

import { parseQuery } from "@/lib/server/query";

export const toolQuery = z.object({ occurrence: z.coerce.number().int().positive().max(10_000).default(1) });

export function parseToolQuery(url: URL): z.infer<typeof toolQuery> {
  return parseQuery(url, toolQuery);
}
