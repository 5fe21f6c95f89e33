/**
 * The route handler wrapper (one error shape `{ code, message }`: docs/architecture.md): a route is
 * parse -> call lib -> return a value; FleetError and zod errors become their status, anything else a
 * 500 `internal:<surface>` with a safe message, logged server-side with secrets masked.
 * Security (Host, token, Origin) is not here: the launcher's gate (scripts/guard.mjs) runs first.
 */
import "server-only";

import { ZodError, type ZodType } from "zod";

import { FleetError, type ApiError } from "@/lib/errors";
import { logServerError } from "@/lib/server/log";

/** Default cap on a JSON request body: server entries are small; anything larger is a mistake or an attack. */
export const MAX_BODY_BYTES = 64 * 1024;

type Handler<Ctx> = (request: Request, context: Ctx) => Promise<unknown> | unknown;

function errorResponse(status: number, body: ApiError): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/** Zod issues in words, each naming where in the body it applies (values are never echoed). */
export function describeZodError(error: ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.length > 0 ? issue.path.map(String).join(".") : "body";
      return `${where}: ${issue.message}`;
    })
    .join("; ");
}

function isZodError(error: unknown): error is ZodError {
  // The MCP SDK may bring its own zod copy: recognise its errors too.
  return error instanceof ZodError || (error instanceof Error && error.name === "ZodError" && Array.isArray((error as ZodError).issues));
}

/** Map any thrown value to the API's error response. */
export function toErrorResponse(surface: string, error: unknown): Response {
  if (error instanceof FleetError) return errorResponse(error.status, error.toJSON());
  if (isZodError(error)) return errorResponse(400, { code: `bad_request:${surface}`, message: describeZodError(error) });
  logServerError(`api ${surface}`, error);
  return errorResponse(500, {
    code: `internal:${surface}`,
    message: `The server could not complete this request (${surface}); the details are in the terminal that runs MCP Fleet.`,
  });
}

/**
 * Wrap a route handler. The handler returns a Response (passed through) or a value (sent as JSON, 200).
 * `surface` names the API area in error codes, e.g. "servers" -> `conflict:servers`.
 */
export function apiRoute<Ctx = unknown>(surface: string, handler: Handler<Ctx>): (request: Request, context: Ctx) => Promise<Response> {
  return async (request, context) => {
    try {
      const result = await handler(request, context);
      if (result instanceof Response) return result;
      return Response.json(result ?? null, { headers: { "Cache-Control": "no-store" } });
    } catch (error) {
      return toErrorResponse(surface, error);
    }
  };
}

async function readCapped(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return new TextDecoder("utf-8", { fatal: false }).decode(concat(chunks, size));
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function tooLarge(maxBytes: number): FleetError {
  return new FleetError("bad_request", "body", `The request body is larger than ${maxBytes} bytes.`);
}

/**
 * Read a JSON body and check it against a zod schema. Refuses a body that is not declared as JSON
 * (also a CSRF guard: a cross-site form cannot send application/json), too large, or malformed.
 * A schema mismatch throws the ZodError, which `apiRoute` answers as 400 `bad_request:<surface>`.
 */
export async function parseJsonBody<T>(request: Request, schema: ZodType<T>, opts: { maxBytes?: number } = {}): Promise<T> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(contentType.trim())) {
    throw new FleetError("bad_request", "body", "Send the request body as JSON (Content-Type: application/json).");
  }
  const text = await readCapped(request, opts.maxBytes ?? MAX_BODY_BYTES);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // The parser's message quotes the body, which may hold a secret: say only where it failed.
    throw new FleetError("bad_request", "body", text.trim() === "" ? "The request body is empty; send a JSON object." : "The request body is not valid JSON.");
  }
  return schema.parse(value);
}
