/** `?from=&to=`: the two versions (observation ids) to compare; either may be left out. */
import { z } from "zod";

import { parseQuery } from "@/lib/server/query";

const versionId = z.coerce.number().int().positive();

export const diffQuery = z.object({ from: versionId.optional(), to: versionId.optional() });

export function parseDiffQuery(url: URL): z.infer<typeof diffQuery> {
  return parseQuery(url, diffQuery);
}
