/**
 * `POST /api/calls/<id>/cancel`: cancels a running call (the server is sent notifications/cancelled);
 * `{ cancelled: false, call }` when it had already ended, 404 when the session made no such call.
 */
import { apiRoute } from "@/lib/server/route";
import { cancelCall } from "@/lib/server/calls";
import { callId } from "../../schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

export const POST = apiRoute("calls", async (_request: Request, { params }: Params) => {
  const { id } = await params;
  return cancelCall(callId.parse(id));
});
