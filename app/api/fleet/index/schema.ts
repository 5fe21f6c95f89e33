/** `GET /api/fleet/index?form=objects|packed`: the index's tools as objects (the default) or packed (lib/server/index-wire.ts). */
import { z } from "zod";

import { parseQuery } from "@/lib/server/query";

const indexQuery = z.object({ form: z.enum(["objects", "packed"]).default("objects") });

export function parseIndexQuery(url: URL): z.infer<typeof indexQuery> {
  return parseQuery(url, indexQuery);
}
