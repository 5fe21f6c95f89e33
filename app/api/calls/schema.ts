/**
 * `POST /api/calls`: one call as a client sends it, with an id the caller chose (so it can cancel it);
 * `GET /api/calls?server=&tool=`: the session's calls of one tool (or all of them).
 */
import { z } from "zod";

import { CLIENT_CHOICES, type ClientChoice } from "@/lib/clients";
import { parseQuery } from "@/lib/server/query";

/** How long a call may take unless the caller says otherwise. */
export const DEFAULT_CALL_TIMEOUT_MS = 60_000;

export const callId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "must be 8 to 64 letters, digits, _ or -");

export const CallBody = z
  .object({
    id: callId,
    client: z.enum(Object.keys(CLIENT_CHOICES) as [ClientChoice, ...ClientChoice[]]),
    name: z.string().min(1, "must name a tool").max(1_000),
    namespace: z.string().min(1).max(1_000).optional(),
    // Any JSON: the dispatcher itself answers arguments that are not an object, as a model would be answered.
    arguments: z.unknown().optional(),
    confirmed: z.boolean().optional(),
    force: z.boolean().optional(),
    timeoutMs: z
      .number({ error: "must be a number of milliseconds" })
      .int("must be a whole number of milliseconds")
      .min(100, "must be at least 100 ms")
      .max(600_000, "must be at most 600000 ms (10 minutes)")
      .default(DEFAULT_CALL_TIMEOUT_MS),
  })
  .strict();

const callsQuery = z
  .object({ server: z.string().min(1).max(200).optional(), tool: z.string().min(1).max(1_000).optional() })
  .refine((q) => (q.server === undefined) === (q.tool === undefined), "give both server and tool, or neither");

export function parseCallsQuery(url: URL): { serverId?: string; toolName?: string } {
  const { server, tool } = parseQuery(url, callsQuery);
  return { ...(server !== undefined ? { serverId: server } : {}), ...(tool !== undefined ? { toolName: tool } : {}) };
}
