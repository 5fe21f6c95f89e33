/** `PUT /api/permissions`: rule changes, and the settings file a preview or write targets (shared by the subroutes). */
import { z } from "zod";

export const settingsTarget = z.enum(["settings", "settings.local"]);

export const putBody = z.object({
  changes: z
    .array(
      z.object({
        serverId: z.string().min(1).max(200),
        toolName: z.string().min(1).max(500).nullable(),
        decision: z.enum(["allow", "ask", "deny", "none"]),
      }),
    )
    .min(1)
    .max(20_000),
});
