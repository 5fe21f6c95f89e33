/** `GET /api/profiles?client=`: the client whose cost each profile is given in. */
import { z } from "zod";

import { parseQuery } from "@/lib/server/query";
import { clientChoice } from "../cost/schema";

const profilesQuery = z.object({ client: clientChoice.default("claude-code") });

export function parseProfilesQuery(url: URL): z.infer<typeof profilesQuery> {
  return parseQuery(url, profilesQuery);
}
