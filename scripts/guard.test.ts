// The launcher's security gate, rule by rule (docs/security.md): Host, token, cookie, Origin.
import { describe, expect, test } from "vitest";
import { cookieNameFor, decide, newToken, parseCookies, tokensEqual, type GuardRequest } from "./guard.mjs";

const PORT = 4123;
const TOKEN = "a".repeat(64);
const OPTIONS = { token: TOKEN, port: PORT };
const COOKIE = cookieNameFor(PORT);

function request(overrides: Partial<GuardRequest> & { headers?: GuardRequest["headers"] } = {}): GuardRequest {
  return {
    method: overrides.method ?? "GET",
    url: overrides.url ?? "/api/fleet",
    headers: { host: `127.0.0.1:${PORT}`, authorization: `Bearer ${TOKEN}`, ...overrides.headers },
  };
}

function verdict(req: GuardRequest) {
  const result = decide(req, OPTIONS);
  if (result.action === "next") return { status: "next" as const };
  return { status: result.status, code: result.body ? (JSON.parse(result.body) as { code: string }).code : undefined };
}

describe("Host (DNS rebinding)", () => {
  test.each([
    [`127.0.0.1:${PORT}`, "next"],
    [`localhost:${PORT}`, "next"],
    [`LOCALHOST:${PORT}`, "next"],
    [`[::1]:${PORT}`, "next"],
    ["127.0.0.1", 403],
    ["localhost:3000", 403],
    [`evil.example:${PORT}`, 403],
    [`127.0.0.1.nip.io:${PORT}`, 403],
    [`0.0.0.0:${PORT}`, 403],
    ["", 403],
  ])("Host %j -> %s", (host, expected) => {
    expect(verdict(request({ headers: { host } })).status).toBe(expected);
  });

  test("a missing Host is refused, with the one error shape", () => {
    const result = decide({ method: "GET", url: "/api/health", headers: {} }, OPTIONS);
    expect(result).toMatchObject({ action: "respond", status: 403 });
    if (result.action !== "respond") throw new Error("expected a response");
    expect(JSON.parse(result.body)).toEqual({ code: "forbidden:host", message: expect.stringContaining(`127.0.0.1:${PORT}`) });
  });

  test("the health check also needs our Host, but no token", () => {
    expect(verdict({ method: "GET", url: "/api/health", headers: { host: `localhost:${PORT}` } }).status).toBe("next");
    expect(verdict({ method: "GET", url: "/api/health", headers: { host: "evil.example" } }).status).toBe(403);
  });
});

describe("token on /api/*", () => {
  test.each([
    ["Bearer, right", { authorization: `Bearer ${TOKEN}` }, "next"],
    ["Bearer, lower-case scheme", { authorization: `bearer ${TOKEN}` }, "next"],
    ["Bearer, wrong", { authorization: `Bearer ${"b".repeat(64)}` }, 401],
    ["Bearer, a prefix of the token", { authorization: `Bearer ${TOKEN.slice(0, 10)}` }, 401],
    ["Bearer, empty", { authorization: "Bearer " }, 401],
    ["Basic scheme", { authorization: `Basic ${TOKEN}` }, 401],
    ["cookie, right", { authorization: undefined, cookie: `other=1; ${COOKIE}=${TOKEN}` }, "next"],
    ["cookie of another port", { authorization: undefined, cookie: `${cookieNameFor(PORT + 1)}=${TOKEN}` }, 401],
    ["cookie, wrong", { authorization: undefined, cookie: `${COOKIE}=nope` }, 401],
    ["wrong Bearer, right cookie", { authorization: "Bearer nope", cookie: `${COOKIE}=${TOKEN}` }, "next"],
    ["nothing", { authorization: undefined }, 401],
  ])("%s -> %s", (_name, headers, expected) => {
    expect(verdict(request({ headers })).status).toBe(expected);
  });

  test("the 401 tells the user where the token is", () => {
    const result = decide(request({ headers: { authorization: undefined } }), OPTIONS);
    if (result.action !== "respond") throw new Error("expected a response");
    expect(result.status).toBe(401);
    expect(JSON.parse(result.body)).toEqual({
      code: "unauthorized:token",
      message: "Open the URL printed in the terminal (it carries the token).",
    });
  });

  test.each(["/api/fleet", "/api/events", "/api/servers/x/reconnect", "/api", "/api/health/../fleet", "/%61pi/fleet", "/API/fleet"])(
    "%s needs the token",
    (url) => {
      expect(verdict(request({ url, headers: { authorization: undefined } })).status).toBe(401);
    },
  );

  test("pages and assets need no token (the page itself holds no data)", () => {
    expect(verdict(request({ url: "/collisions", headers: { authorization: undefined } })).status).toBe("next");
    expect(verdict(request({ url: "/_next/static/x.js", headers: { authorization: undefined } })).status).toBe("next");
  });
});

describe("?token= on a page", () => {
  test("the right token becomes an httpOnly SameSite=Strict cookie and leaves the URL", () => {
    const result = decide(request({ url: `/tools?x=1&token=${TOKEN}&y=2`, headers: { authorization: undefined } }), OPTIONS);
    expect(result).toEqual({
      action: "respond",
      status: 302,
      headers: {
        Location: "/tools?x=1&y=2",
        "Cache-Control": "no-store",
        "Set-Cookie": `${COOKIE}=${TOKEN}; Path=/; HttpOnly; SameSite=Strict`,
      },
      body: "",
    });
  });

  test("a wrong token is dropped from the URL and sets nothing", () => {
    const result = decide(request({ url: "/?token=wrong", headers: { authorization: undefined } }), OPTIONS);
    expect(result).toEqual({ action: "respond", status: 302, headers: { Location: "/", "Cache-Control": "no-store" }, body: "" });
  });

  test("the token in an /api URL is not accepted", () => {
    expect(verdict(request({ url: `/api/fleet?token=${TOKEN}`, headers: { authorization: undefined } })).status).toBe(401);
  });
});

describe("Origin on writes", () => {
  test.each([
    ["POST", undefined, "next"],
    ["POST", `http://127.0.0.1:${PORT}`, "next"],
    ["POST", `http://localhost:${PORT}`, 403], // our Host is 127.0.0.1: another origin, even if also loopback
    ["POST", "https://evil.example", 403],
    ["POST", "null", 403],
    ["DELETE", "https://evil.example", 403],
    ["PUT", "https://evil.example", 403],
    ["PATCH", "https://evil.example", 403],
    ["GET", "https://evil.example", "next"],
  ])("%s with Origin %s -> %s", (method, origin, expected) => {
    expect(verdict(request({ method, url: "/api/servers", headers: { origin } })).status).toBe(expected);
  });

  test("a cross-origin write is refused even with the token, before the token is looked at", () => {
    const result = decide(request({ method: "POST", url: "/api/servers", headers: { origin: "http://evil.example" } }), OPTIONS);
    if (result.action !== "respond") throw new Error("expected a response");
    expect(JSON.parse(result.body).code).toBe("forbidden:origin");
  });

  test("Sec-Fetch-Site cross-site refuses a write without Origin", () => {
    expect(verdict(request({ method: "POST", headers: { "sec-fetch-site": "cross-site" } })).status).toBe(403);
  });
});

describe("helpers", () => {
  test("tokens are 32 random bytes in hex, new each time", () => {
    const a = newToken();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(newToken()).not.toBe(a);
  });

  test.each([
    [TOKEN, TOKEN, true],
    [TOKEN.slice(1), TOKEN, false],
    ["", "", false],
    [undefined, TOKEN, false],
  ])("tokensEqual(%j, %j) = %s", (given, expected, result) => {
    expect(tokensEqual(given, expected)).toBe(result);
  });

  test("parseCookies keeps the first of a repeated name and decodes values", () => {
    expect(Object.fromEntries(parseCookies("a=1; b=x%20y; a=2; junk; c=%E0"))).toEqual({ a: "1", b: "x y", c: "%E0" });
  });
});
