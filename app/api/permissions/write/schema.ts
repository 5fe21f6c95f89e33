/** `POST /api/permissions/write` `{ target, token }`: the token is the one the preview gave. */
import { z } from "zod";

import { settingsTarget } from "../schema";

export const writeBody = z.object({ target: settingsTarget, token: z.string().regex(/^(absent|[0-9a-f]{64})$/, "a token from the preview") });
