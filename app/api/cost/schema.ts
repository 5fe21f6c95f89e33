/** `GET /api/cost?client=&profile=` and `POST /api/cost/count` `{ client, profile?, model? }`: which view to cost. */
import { z } from "zod";

import { CLIENT_CHOICES, type ClientChoice } from "@/lib/clients";
import { PROFILE_NAME_PATTERN } from "@/lib/profiles";
import { parseQuery } from "@/lib/server/query";

export const clientChoice = z.enum(Object.keys(CLIENT_CHOICES) as [ClientChoice, ...ClientChoice[]]);
const profileName = z.string().regex(PROFILE_NAME_PATTERN, "a profile name: letters, digits, - and _");

const costQuery = z.object({ client: clientChoice.default("claude-code"), profile: profileName.optional() });

export function parseCostQuery(url: URL): z.infer<typeof costQuery> {
  return parseQuery(url, costQuery);
}

export const countBody = z.strictObject({
  client: clientChoice.default("claude-code"),
  profile: profileName.optional(),
  model: z.string().regex(/^[A-Za-z0-9._:@-]{1,100}$/, "a model name").optional(),
});
