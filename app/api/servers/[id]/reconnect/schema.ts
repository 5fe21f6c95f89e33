/**
 * `POST /api/servers/<id>/reconnect` with an optional `{ timeoutMs }`: a slow server (an `npx`
 * installing on its first start) may get more time than `--timeout`.
 */
import { z } from "zod";

export const ReconnectBody = z
  .object({
    timeoutMs: z
      .number({ error: "must be a number of milliseconds" })
      .int("must be a whole number of milliseconds")
      .min(1_000, "must be at least 1000 ms")
      .max(600_000, "must be at most 600000 ms (10 minutes)")
      .optional(),
  })
  .strict();
