// The dashboard's one security gate (docs/security.md): it runs in the
// launcher's HTTP server before Next sees a request. Pure decisions over method, URL and headers, so
// every rule is unit-tested without a socket; start.mjs applies the verdict.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export const UNAUTHORIZED_MESSAGE = "Open the URL printed in the terminal (it carries the token).";

/** Headers every response carries, whatever answers it. */
export const SECURITY_HEADERS = Object.freeze({
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Resource-Policy": "same-origin",
});

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
// Liveness for the launcher and the e2e web server: reveals nothing, so it needs no token.
const PUBLIC_API = new Set(["/api/health"]);

/** A fresh per-launch token: 32 random bytes as hex. */
export function newToken() {
  return randomBytes(32).toString("hex");
}

/** The cookie name carries the port: two dashboards on one machine share cookies (cookies ignore ports) but not tokens. */
export function cookieNameFor(port) {
  return `mcp-fleet-token-${port}`;
}

/** The Host header values that reach us on loopback (DNS rebinding sends the attacker's name instead). */
export function allowedHosts(port) {
  const names = ["127.0.0.1", "localhost", "[::1]"];
  const hosts = names.map((name) => `${name}:${port}`);
  if (Number(port) === 80) hosts.push(...names);
  return new Set(hosts);
}

/** Constant-time comparison; hashing first makes the buffers equal in length, so length leaks nothing either. */
export function tokensEqual(given, expected) {
  if (typeof given !== "string" || typeof expected !== "string" || given.length === 0) return false;
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

export function parseCookies(header) {
  const cookies = new Map();
  if (typeof header !== "string") return cookies;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      // A malformed escape is simply not our token.
    }
    if (name && !cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}

function bearerOf(header) {
  if (typeof header !== "string") return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : undefined;
}

function firstHeader(value) {
  return Array.isArray(value) ? value[0] : value;
}

function refuse(status, code, message) {
  return {
    action: "respond",
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
    body: JSON.stringify({ code, message }),
  };
}

/**
 * Decide what happens to one request.
 * @param {{ method?: string; url?: string; headers: Record<string, string | string[] | undefined> }} request
 * @param {{ token: string; port: number }} options
 * @returns {{ action: "next" } | { action: "respond"; status: number; headers: Record<string, string>; body: string }}
 */
export function decide(request, { token, port }) {
  const method = (request.method ?? "GET").toUpperCase();
  const headers = request.headers ?? {};

  const host = firstHeader(headers.host)?.toLowerCase();
  if (!host || !allowedHosts(port).has(host)) {
    return refuse(403, "forbidden:host", `This dashboard answers only on 127.0.0.1:${port}, localhost:${port} or [::1]:${port}.`);
  }

  if (MUTATING.has(method)) {
    const origin = firstHeader(headers.origin);
    // A browser always sends Origin on a cross-origin write; a present Origin must be exactly ours.
    if (origin !== undefined && origin.toLowerCase() !== `http://${host}`) {
      return refuse(403, "forbidden:origin", "Requests that change the fleet are accepted only from the dashboard's own page.");
    }
    if (firstHeader(headers["sec-fetch-site"]) === "cross-site") {
      return refuse(403, "forbidden:origin", "Requests that change the fleet are accepted only from the dashboard's own page.");
    }
  }

  let url;
  try {
    url = new URL(request.url ?? "/", `http://${host}`);
  } catch {
    return refuse(400, "bad_request:url", "The request URL could not be read.");
  }
  let path;
  try {
    // Next decodes the path before routing: judge the decoded form, so `/%61pi/fleet` is still the API.
    path = decodeURIComponent(url.pathname).toLowerCase();
  } catch {
    return refuse(400, "bad_request:url", "The request URL could not be read.");
  }
  const cookieName = cookieNameFor(port);

  if (path === "/api" || path.startsWith("/api/")) {
    if (PUBLIC_API.has(path)) return { action: "next" };
    const fromCookie = parseCookies(firstHeader(headers.cookie)).get(cookieName);
    const fromBearer = bearerOf(firstHeader(headers.authorization));
    if (tokensEqual(fromBearer, token) || tokensEqual(fromCookie, token)) return { action: "next" };
    return refuse(401, "unauthorized:token", UNAUTHORIZED_MESSAGE);
  }

  // A page opened from the printed URL: keep the token in a cookie the page's scripts cannot read, and
  // take it out of the address bar (and so out of history and Referer).
  if ((method === "GET" || method === "HEAD") && url.searchParams.has("token")) {
    const given = url.searchParams.get("token") ?? "";
    url.searchParams.delete("token");
    const location = `${url.pathname}${url.search}${url.hash}`;
    const responseHeaders = { Location: location, "Cache-Control": "no-store" };
    if (tokensEqual(given, token)) {
      responseHeaders["Set-Cookie"] = `${cookieName}=${token}; Path=/; HttpOnly; SameSite=Strict`;
    }
    return { action: "respond", status: 302, headers: responseHeaders, body: "" };
  }

  return { action: "next" };
}
