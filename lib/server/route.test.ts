// The API wrapper's contract: one error shape for every failure, bodies checked and capped at the boundary.
import { afterEach, describe, expect, test, vi } from "vitest";
import { z } from "zod";

import { FleetError } from "@/lib/errors";
import { rememberSecrets } from "@/lib/server/log";

import { apiRoute, parseJsonBody } from "./route";

const Body = z.object({ id: z.string().regex(/^[a-z]+$/, "must be lower-case letters"), n: z.number().optional() }).strict();

function post(body: string, headers: Record<string, string> = { "content-type": "application/json" }): Request {
  return new Request("http://127.0.0.1/api/x", { method: "POST", body, headers });
}

async function answer(response: Response) {
  return { status: response.status, body: await response.json() };
}

afterEach(() => vi.restoreAllMocks());

describe("apiRoute", () => {
  test("a returned value is sent as JSON, a returned Response passes through", async () => {
    expect(await answer(await apiRoute("x", () => ({ ok: 1 }))(post("{}"), undefined))).toEqual({ status: 200, body: { ok: 1 } });
    const created = apiRoute("x", () => Response.json({ made: true }, { status: 201 }));
    expect(await answer(await created(post("{}"), undefined))).toEqual({ status: 201, body: { made: true } });
  });

  test.each([
    [new FleetError("not_found", "servers", 'No server "a".'), 404, { code: "not_found:servers", message: 'No server "a".' }],
    [new FleetError("conflict", "servers", "exists"), 409, { code: "conflict:servers", message: "exists" }],
    [new FleetError("unavailable", "server", "later"), 503, { code: "unavailable:server", message: "later" }],
  ])("FleetError %s -> %i", async (error, status, body) => {
    const route = apiRoute("servers", () => {
      throw error;
    });
    expect(await answer(await route(post("{}"), undefined))).toEqual({ status, body });
  });

  test("a zod error is a 400 naming the field, under the route's surface", async () => {
    const route = apiRoute("servers", async (request: Request) => parseJsonBody(request, Body));
    expect(await answer(await route(post('{"id":"A1"}'), undefined))).toEqual({
      status: 400,
      body: { code: "bad_request:servers", message: "id: must be lower-case letters" },
    });
  });

  test("an unexpected error is a 500 with a safe message, logged with secrets masked", async () => {
    rememberSecrets({ env: { API_KEY: "sk-live-very-secret-value" } });
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const route = apiRoute("fleet", () => {
      throw new Error("spawn failed with sk-live-very-secret-value in argv");
    });
    const { status, body } = await answer(await route(post("{}"), undefined));
    expect(status).toBe(500);
    expect(body.code).toBe("internal:fleet");
    expect(JSON.stringify(body)).not.toContain("secret");
    const logged = log.mock.calls.flat().join(" ");
    expect(logged).toContain("spawn failed with •••• in argv");
    expect(logged).not.toContain("sk-live-very-secret-value");
  });
});

describe("parseJsonBody", () => {
  async function failure(request: Request, opts?: { maxBytes?: number }) {
    try {
      await parseJsonBody(request, Body, opts);
    } catch (error) {
      if (error instanceof FleetError) return error.toJSON();
      if (error instanceof z.ZodError) return { zod: error.issues.map((issue) => issue.path.join(".")) };
      throw error;
    }
    throw new Error("expected a failure");
  }

  test("a good body is returned parsed", async () => {
    expect(await parseJsonBody(post('{"id":"abc","n":2}'), Body)).toEqual({ id: "abc", n: 2 });
    expect(await parseJsonBody(post('{"id":"abc"}', { "content-type": "application/json; charset=utf-8" }), Body)).toEqual({ id: "abc" });
  });

  test.each([
    ["not JSON, and the parser's quote of it is not echoed", post('{"id": sk-secret'), { code: "bad_request:body", message: "The request body is not valid JSON." }],
    ["empty", post(""), { code: "bad_request:body", message: "The request body is empty; send a JSON object." }],
    ["form-encoded", post("id=abc", { "content-type": "application/x-www-form-urlencoded" }), { code: "bad_request:body", message: "Send the request body as JSON (Content-Type: application/json)." }],
    ["text/plain (what a cross-site form can send)", post('{"id":"abc"}', { "content-type": "text/plain" }), { code: "bad_request:body", message: "Send the request body as JSON (Content-Type: application/json)." }],
    ["an unknown key", post('{"id":"abc","extra":1}'), { zod: [""] }],
    ["a wrong type", post('{"id":"abc","n":"2"}'), { zod: ["n"] }],
  ])("%s", async (_name, request, expected) => {
    expect(await failure(request)).toEqual(expected);
  });

  test("a body over the limit is refused, declared or streamed", async () => {
    const big = JSON.stringify({ id: "a".repeat(200) });
    expect(await failure(post(big), { maxBytes: 100 })).toEqual({ code: "bad_request:body", message: "The request body is larger than 100 bytes." });
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const chunked = new Request("http://127.0.0.1/api/x", { method: "POST", body: stream, headers: { "content-type": "application/json" }, duplex: "half" } as RequestInit);
    expect(await failure(chunked, { maxBytes: 100 })).toEqual({ code: "bad_request:body", message: "The request body is larger than 100 bytes." });
  });
});
