/** `POST /api/servers` `{ id, config }`: a server added at runtime, checked before lib/config reads the entry. */
import { z } from "zod";

import { SERVER_ID_PATTERN } from "@/lib/config";

export const AddServerBody = z
  .object({
    id: z
      .string({ error: "must be a string" })
      .min(1, "must not be empty")
      .max(128, "must be at most 128 characters")
      .regex(SERVER_ID_PATTERN, "must use only letters, digits, '_' and '-' (like a Claude Code server name)"),
    config: z.record(z.string(), z.unknown(), { error: "must be an object: an mcpServers entry such as { \"command\": ..., \"args\": [...] }" }),
  })
  .strict();
