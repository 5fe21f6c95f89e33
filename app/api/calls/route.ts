/**
 * `GET /api/calls?server=&tool=`: the session's calls (of one tool: with its Try it target), newest first.
 * `POST /api/calls` `{ id, client, name, arguments, confirmed?, force?, timeoutMs? }`: dispatches the call
 * through the client's view and sends it; answers `{ call }` when it ended (whatever the ending) or
 * `{ confirm }` when an ask rule wants a yes first.
 */
import { apiRoute, parseJsonBody } from "@/lib/server/route";
import { listCalls, startCall } from "@/lib/server/calls";
import { CallBody, parseCallsQuery } from "./schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = apiRoute("calls", (request: Request) => listCalls(parseCallsQuery(new URL(request.url))));

export const POST = apiRoute("calls", async (request: Request) => {
  const body = await parseJsonBody(request, CallBody, { maxBytes: 1024 * 1024 });
  return startCall(body);
});
