/** Request bodies of the permissions API (issue 6), checked with zod before anything runs. */
import { z } from "zod";

const decision = z.enum(["allow", "ask", "deny", "none"]);
export const target = z.enum(["settings", "settings.local"]);

export const putBody = z.object({
  changes: z
    .array(
      z.object({
        serverId: z.string().min(1).max(200),
        toolName: z.string().min(1).max(500).nullable(),
        decision,
      }),
    )
    .min(1)
    .max(20_000),
});

export const previewBody = z.object({ target });
export const writeBody = z.object({ target, token: z.string().regex(/^(absent|[0-9a-f]{64})$/, "a token from the preview") });
export const exportFormat = z.enum(["claude", "codex", "cursor", "cursor-cli"]);
