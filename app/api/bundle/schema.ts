/** `GET /api/bundle?profile=<name>`: the profile whose servers the bundle holds (none: the whole fleet). */
import { z } from "zod";

import { PROFILE_NAME_PATTERN } from "@/lib/profiles";
import { parseQuery } from "@/lib/server/query";

const bundleQuery = z.object({ profile: z.string().regex(PROFILE_NAME_PATTERN, "a profile name: letters, digits, - and _").optional() });

export function parseBundleQuery(url: URL): z.infer<typeof bundleQuery> {
  return parseQuery(url, bundleQuery);
}
