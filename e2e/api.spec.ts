// The API and its gate against the real launcher: token, cookie, Host, Origin,
// bodies checked at the boundary, runtime servers (real fixture processes), SSE, secrets, shutdown.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { expect, test, type APIRequestContext } from "@playwright/test";

import { unpackFleetIndex, type PackedFleetIndex } from "../lib/server/index-wire";
import { E2E_TOKEN } from "../playwright.config";
import { REPO_ROOT, fixtureSpecPath, rawServerCommand } from "./fixtures/fixture-servers";

const AUTH = { authorization: `Bearer ${E2E_TOKEN}` };
const UNAUTHORIZED = { code: "unauthorized:token", message: "Open the URL printed in the terminal (it carries the token)." };

interface ServerDetailsJson {
  id: string;
  status: string;
  listCount: number;
  config: { env?: Record<string, string> };
}
interface FleetStateJson {
  version: number;
  demo: boolean;
  configFiles: string[];
  servers: ServerDetailsJson[];
  snapshot: { tools: { serverId: string; originalName: string }[] };
}

async function fleet(request: APIRequestContext): Promise<FleetStateJson> {
  const response = await request.get("/api/fleet", { headers: AUTH });
  expect(response.status()).toBe(200);
  return (await response.json()) as FleetStateJson;
}

/** A raw HTTP request, for headers a browser-like client will not let us forge (Host). */
function rawRequest(url: string, opts: { method?: string; headers: Record<string, string> }): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: opts.method ?? "GET", headers: opts.headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Reads /api/events in the background; `text()` is everything received so far. */
function openEvents(baseURL: string, headers: Record<string, string> = AUTH) {
  const controller = new AbortController();
  let received = "";
  const opened = fetch(`${baseURL}/api/events`, { headers, signal: controller.signal }).then(async (response) => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          received += value;
        }
      } catch {
        // aborted by close()
      }
    })();
    return response;
  });
  return {
    opened,
    text: () => received,
    events: () =>
      received
        .split("\n\n")
        .slice(0, -1) // the last piece may still be arriving
        .filter((block) => block.startsWith("event: "))
        .map((block) => {
          const [typeLine, dataLine] = block.split("\n");
          return { type: typeLine.slice("event: ".length), data: JSON.parse(dataLine.slice("data: ".length)) as unknown };
        }),
    close: () => controller.abort(),
  };
}

test.describe("the gate", () => {
  test("/api/fleet without the token is 401 with the one error shape", async ({ request }) => {
    const response = await request.get("/api/fleet");
    expect(response.status()).toBe(401);
    expect(await response.json()).toEqual(UNAUTHORIZED);
    const wrong = await request.get("/api/fleet", { headers: { authorization: "Bearer not-the-token" } });
    expect(wrong.status()).toBe(401);
  });

  test("with the Bearer token /api/fleet is the demo fleet's FleetState", async ({ request }) => {
    const state = await fleet(request);
    const demoIds = readdirSync(join(REPO_ROOT, "lib/demo/servers"))
      .filter((name) => name.endsWith(".json"))
      .map((name) => name.replace(/\.json$/, ""))
      .sort();
    expect(state.demo).toBe(true);
    expect(state.configFiles).toEqual([]);
    expect(state.servers.map((server) => server.id).sort()).toEqual(demoIds);
    expect(state.version).toBeGreaterThan(0);
    expect(typeof state.snapshot).toBe("object");
  });

  test("the health check needs no token and says nothing", async ({ request }) => {
    const response = await request.get("/api/health");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  test("a page opened with ?token= sets an httpOnly SameSite=Strict cookie and redirects without it", async ({ request, baseURL }) => {
    const response = await request.get(`/?token=${E2E_TOKEN}&view=x`, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/?view=x");
    const cookie = response.headersArray().find((header) => header.name.toLowerCase() === "set-cookie")?.value ?? "";
    expect(cookie).toMatch(/^mcp-fleet-token-\d+=/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).toContain("Path=/");
    // The cookie alone now opens the API.
    const pair = cookie.split(";")[0];
    const api = await rawRequest(`${baseURL}/api/fleet`, { headers: { cookie: pair } });
    expect(api.status).toBe(200);
  });

  test("a page opened with a wrong token gets no cookie", async ({ request }) => {
    const response = await request.get("/?token=wrong", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["set-cookie"]).toBeUndefined();
  });

  test("the browser flow: the printed URL leaves a cookie the page's scripts cannot read", async ({ page, context, baseURL }) => {
    await page.goto(`/?token=${E2E_TOKEN}`);
    expect(new URL(page.url()).search).toBe("");
    const cookies = await context.cookies(baseURL!);
    expect(cookies).toEqual([expect.objectContaining({ value: E2E_TOKEN, httpOnly: true, sameSite: "Strict", path: "/" })]);
    expect(await page.evaluate(() => document.cookie)).toBe("");
    const status = await page.evaluate(async () => (await fetch("/api/fleet")).status);
    expect(status).toBe(200);
  });

  for (const host of ["evil.example", "evil.example:80", "127.0.0.1:1", "rebind.127.0.0.1.nip.io"]) {
    test(`a foreign Host ${host} is refused (DNS rebinding)`, async ({ baseURL }) => {
      const response = await rawRequest(`${baseURL}/api/fleet`, { headers: { host, ...AUTH } });
      expect(response.status).toBe(403);
      expect(JSON.parse(response.body)).toMatchObject({ code: "forbidden:host" });
      const page = await rawRequest(`${baseURL}/`, { headers: { host } });
      expect(page.status).toBe(403);
    });
  }

  test("a cross-origin write is refused even with the token", async ({ request }) => {
    const response = await request.post("/api/refresh", { headers: { ...AUTH, origin: "http://evil.example" } });
    expect(response.status()).toBe(403);
    expect(await response.json()).toMatchObject({ code: "forbidden:origin" });
    const removal = await request.delete("/api/servers/tracker", { headers: { ...AUTH, origin: "http://localhost.evil.example" } });
    expect(removal.status()).toBe(403);
  });

  test("security headers are on every answer", async ({ request }) => {
    for (const path of ["/", "/api/health", "/api/fleet"]) {
      const headers = (await request.get(path)).headers();
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("no-referrer");
      expect(headers["x-frame-options"]).toBe("DENY");
    }
  });
});

test.describe("bodies checked at the boundary", () => {
  const badBodies: [string, unknown, RegExp][] = [
    ["an id with a space", { id: "bad id", config: { command: "node" } }, /^id: /],
    ["no config", { id: "ok" }, /^config: /],
    ["a config that is not an object", { id: "ok", config: "node server.js" }, /^config: /],
    ["an unknown key", { id: "ok", config: { command: "node" }, extra: true }, /extra/],
  ];
  for (const [name, body, message] of badBodies) {
    test(`POST /api/servers with ${name} is 400 naming the field`, async ({ request }) => {
      const response = await request.post("/api/servers", { headers: AUTH, data: body });
      expect(response.status()).toBe(400);
      const json = (await response.json()) as { code: string; message: string };
      expect(json.code).toBe("bad_request:servers");
      expect(json.message).toMatch(message);
    });
  }

  test("a body that is not JSON is 400 bad_request:body", async ({ request }) => {
    const response = await request.post("/api/servers", { headers: { ...AUTH, "content-type": "application/json" }, data: Buffer.from("{nope") });
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({ code: "bad_request:body", message: "The request body is not valid JSON." });
  });

  test("an entry lib/config refuses (a url with no type) is 400 with its reason", async ({ request }) => {
    const response = await request.post("/api/servers", { headers: AUTH, data: { id: "typeless", config: { url: "http://127.0.0.1:9/mcp" } } });
    expect(response.status()).toBe(400);
    const json = (await response.json()) as { code: string; message: string };
    expect(json.code).toBe("bad_request:servers");
    expect(json.message).toMatch(/type/);
    expect((await fleet(request)).servers.map((server) => server.id)).not.toContain("typeless");
  });

  test("unknown servers are 404", async ({ request }) => {
    for (const response of [
      await request.delete("/api/servers/no-such-server", { headers: AUTH }),
      await request.post("/api/servers/no-such-server/reconnect", { headers: AUTH }),
      await request.post("/api/refresh", { headers: AUTH, data: { id: "no-such-server" } }),
    ]) {
      expect(response.status()).toBe(404);
      expect(await response.json()).toMatchObject({ code: "not_found:servers" });
    }
  });
});

test.describe("runtime servers", () => {
  test("add a fixture server, see it ready, reconnect, remove; its env secret never leaves the server", async ({ request, baseURL }) => {
    const secret = `sk-e2e-${randomBytes(12).toString("hex")}`;
    const id = `fixture-${randomBytes(3).toString("hex")}`;
    const events = openEvents(baseURL!);
    await events.opened;

    const added = await request.post("/api/servers", {
      headers: AUTH,
      data: { id, config: { ...rawServerCommand(fixtureSpecPath("basic")), env: { FIXTURE_API_KEY: secret } } },
    });
    expect(added.status()).toBe(201);
    const addedText = await added.text();
    expect(addedText).not.toContain(secret);
    expect(JSON.parse(addedText)).toMatchObject({ server: { id } });

    await expect.poll(async () => (await fleet(request)).servers.find((server) => server.id === id)?.status).toBe("ready");
    let state = await fleet(request);
    expect(state.snapshot.tools.filter((tool) => tool.serverId === id).map((tool) => tool.originalName).sort()).toEqual(["echo", "lookup_record"]);
    expect(state.servers.find((server) => server.id === id)?.config.env).toHaveProperty("FIXTURE_API_KEY");

    const again = await request.post("/api/servers", { headers: AUTH, data: { id, config: rawServerCommand(fixtureSpecPath("basic")) } });
    expect(again.status()).toBe(409);
    expect(await again.json()).toMatchObject({ code: "conflict:servers" });

    const reconnected = await request.post(`/api/servers/${id}/reconnect`, { headers: AUTH });
    expect(reconnected.status()).toBe(200);
    expect(await reconnected.text()).not.toContain(secret);
    await expect.poll(async () => (await fleet(request)).servers.find((server) => server.id === id)?.status).toBe("ready");

    const refreshed = await request.post("/api/refresh", { headers: AUTH, data: { id } });
    expect(refreshed.status()).toBe(200);
    state = (await refreshed.json()) as FleetStateJson;
    expect(state.servers.find((server) => server.id === id)?.listCount).toBeGreaterThanOrEqual(2);

    // Every change the stream sent while the server came and went showed it without its secret, and so
    // do the page index and the tool's detail.
    await expect.poll(() => events.events().some((event) => event.type === "fleet" && JSON.stringify(event.data).includes(`"${id}"`))).toBe(true);
    expect(events.text()).not.toContain(secret);
    expect(JSON.stringify(state)).not.toContain(secret);
    const index = await request.get("/api/fleet/index", { headers: AUTH });
    expect(await index.text()).toContain(`"${id}"`);
    expect(await index.text()).not.toContain(secret);
    const tool = await request.get(`/api/fleet/tools/${id}/echo`, { headers: AUTH });
    expect(tool.status()).toBe(200);
    expect(await tool.text()).not.toContain(secret);

    const removed = await request.delete(`/api/servers/${id}`, { headers: AUTH });
    expect(removed.status()).toBe(200);
    expect(await removed.json()).toEqual({ removed: id });
    expect((await fleet(request)).servers.map((server) => server.id)).not.toContain(id);
    expect((await request.delete(`/api/servers/${id}`, { headers: AUTH })).status()).toBe(404);
    events.close();
  });
});

test("an HTTP server's header and URL secrets never leave the server, even when it fails", async ({ request, baseURL }) => {
  const secret = `hdr-${randomBytes(12).toString("hex")}`;
  const id = `remote-${randomBytes(3).toString("hex")}`;
  const events = openEvents(baseURL!);
  await events.opened;
  // Port 9 (discard) on loopback: nothing listens, so the server ends in error with a message.
  const added = await request.post("/api/servers", {
    headers: AUTH,
    data: { id, config: { type: "http", url: `http://127.0.0.1:9/mcp?api_key=${secret}`, headers: { Authorization: `Bearer ${secret}`, "X-Api-Key": secret } } },
  });
  expect(added.status()).toBe(201);
  expect(await added.text()).not.toContain(secret);
  await expect.poll(async () => (await fleet(request)).servers.find((server) => server.id === id)?.status).toBe("error");
  const stateText = JSON.stringify(await fleet(request));
  expect(stateText).toContain(`"${id}"`);
  expect(stateText).not.toContain(secret);
  const indexText = await (await request.get("/api/fleet/index", { headers: AUTH })).text();
  expect(indexText).toContain(`"${id}"`);
  expect(indexText).not.toContain(secret);
  await expect.poll(() => events.text().includes(`"${id}"`)).toBe(true);
  expect(events.text()).not.toContain(secret);
  expect((await request.delete(`/api/servers/${id}`, { headers: AUTH })).status()).toBe(200);
  events.close();
});

test.describe("events", () => {
  test("/api/events sends the current fleet state at once, as SSE", async ({ baseURL }) => {
    const events = openEvents(baseURL!);
    const response = await events.opened;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    await expect.poll(() => events.events().length).toBeGreaterThan(0);
    const [first] = events.events();
    expect(first.type).toBe("fleet");
    // The current version only: a page that does not hold it fetches the index.
    expect(first.data).toEqual({ epoch: expect.any(String), version: expect.any(Number), base: null, generatedAt: expect.any(String) });
    events.close();
  });

  test("the page index: per tool its names, hashes, flags and each client's verdict; a tool's detail on demand", async ({ request }) => {
    const response = await request.get("/api/fleet/index", { headers: AUTH });
    expect(response.status()).toBe(200);
    const index = (await response.json()) as {
      version: number;
      clients: Record<string, { client: { label: string }; servers: { serverId: string; lost: { message: string } | null }[] }>;
      tools: { key: string; exposedName: string | null; clients: Record<string, { callName?: string | null; reason?: string }> }[];
    };
    expect(Object.keys(index.clients)).toEqual(["claude-code", "claude-code@2.1.194", "codex", "agent-sdk"]);
    expect(index.clients["claude-code"].servers.find((s) => s.serverId === "docs")?.lost?.message).toBe("Claude Code 2.1.328 would list 0 tools: `get-library-docs` has no root type");
    const tool = index.tools.find((t) => t.key === "docs:get-library-docs")!;
    expect(tool.clients["claude-code"].callName).toBeNull();
    expect(tool.clients.codex.callName).toBe("mcp__docs__get_library_docs");
    // A name a client sends as usual is left out of the index (callNameOf reads it back).
    expect(index.tools.find((t) => t.key === "tracker:list_issues")?.clients["claude-code"]).not.toHaveProperty("callName");

    const detail = await request.get("/api/fleet/tools/docs/get-library-docs", { headers: AUTH });
    expect(detail.status()).toBe(200);
    const body = (await detail.json()) as { key: string; tool: { originalInputSchema: unknown }; clients: Record<string, { verdict: { status: string; reasons: { source: string }[] } }> };
    expect(body.key).toBe("docs:get-library-docs");
    expect(body.tool.originalInputSchema).toBeDefined();
    expect(body.clients["claude-code"].verdict.status).toBe("dropped");
    expect(body.clients["claude-code"].verdict.reasons[0].source).toMatch(/bad-root\.json$/);

    const missing = await request.get("/api/fleet/tools/docs/no-such-tool", { headers: AUTH });
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "not_found:tools" });
    expect((await request.get("/api/fleet/tools/docs/get-library-docs?occurrence=0", { headers: AUTH })).status()).toBe(400);
    expect((await request.get("/api/fleet/index")).status()).toBe(401);

    // The pages' form: the same index, each tool packed into an array (lib/server/index-wire.ts).
    const packed = await request.get("/api/fleet/index?form=packed", { headers: AUTH });
    expect(packed.status()).toBe(200);
    // Both forms of one version (other tests may change the fleet in between: read both again until they match).
    let same: { packedText: string; objectsText: string } | null = null;
    for (let attempt = 0; attempt < 5 && same === null; attempt++) {
      const packedText = await (await request.get("/api/fleet/index?form=packed", { headers: AUTH })).text();
      const objectsText = await (await request.get("/api/fleet/index", { headers: AUTH })).text();
      if ((JSON.parse(packedText) as { version: number }).version === (JSON.parse(objectsText) as { version: number }).version) same = { packedText, objectsText };
    }
    expect(same, "the two forms of one fleet version").not.toBeNull();
    expect(same!.packedText.length).toBeLessThan(same!.objectsText.length);
    expect(JSON.stringify(unpackFleetIndex(JSON.parse(same!.packedText) as PackedFleetIndex))).toBe(same!.objectsText);
    const bad = await request.get("/api/fleet/index?form=csv", { headers: AUTH });
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "bad_request:fleet", message: expect.stringContaining("form") });
    expect((await request.get("/api/fleet/index?form=packed")).status()).toBe(401);
  });

  test("/api/events needs the token", async ({ request }) => {
    const response = await request.get("/api/events");
    expect(response.status()).toBe(401);
    expect(await response.json()).toEqual(UNAUTHORIZED);
  });
});

test.describe("the launcher", () => {
  let child: ChildProcess | undefined;
  let dir: string | undefined;

  test.afterEach(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The launcher as `npm start` runs it (in the checkout); or, with `via: "bin"`, as `mcp-fleet start` in `cwd`. */
  function launch(
    args: string[],
    opts: { via?: "npm-start" | "bin"; cwd?: string; env?: Record<string, string> } = {},
  ): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
    const command = opts.via === "bin" ? [join(REPO_ROOT, "bin", "mcp-fleet.mjs"), "start"] : ["scripts/start.mjs"];
    const started = spawn(process.execPath, [...command, "--no-build", ...args], {
      cwd: opts.cwd ?? REPO_ROOT,
      env: { ...process.env, MCP_FLEET_TOKEN: E2E_TOKEN, MCP_FLEET_DATA: join(dir!, "data"), ...opts.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    started.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    started.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => started.on("exit", (code) => resolve(code)));
    child = started;
    return { child: started, output: () => output, exited };
  }

  for (const via of ["npm-start", "bin"] as const) {
    test(`${via === "bin" ? "mcp-fleet start in a project folder" : "npm start typed in a project folder (INIT_CWD)"} serves that project's configs`, async () => {
      dir = mkdtempSync(join(tmpdir(), "mcp-fleet-serve-"));
      const project = join(dir, "project");
      mkdirSync(project);
      writeFileSync(join(project, ".mcp.json"), JSON.stringify({ mcpServers: { found: rawServerCommand(fixtureSpecPath("basic")) } }));
      const run =
        via === "bin"
          ? launch(["--port", "0"], { via, cwd: project, env: { INIT_CWD: REPO_ROOT } })
          : launch(["--port", "0"], { env: { INIT_CWD: project } });
      await expect.poll(() => /MCP Fleet ready: (http:\/\/127\.0\.0\.1:\d+)\//.exec(run.output())?.[1], { timeout: 60_000 }).toBeTruthy();
      const base = /MCP Fleet ready: (http:\/\/127\.0\.0\.1:\d+)\//.exec(run.output())![1];
      expect(run.output()).toContain(`reading .mcp.json in ${project}\n`);
      await expect
        .poll(async () => {
          const state = (await (await fetch(`${base}/api/fleet`, { headers: AUTH })).json()) as FleetStateJson;
          return { demo: state.demo, configFiles: state.configFiles, servers: state.servers.map((server) => `${server.id}:${server.status}`) };
        })
        .toEqual({ demo: false, configFiles: [join(project, ".mcp.json")], servers: ["found:ready"] });
      run.child.kill("SIGTERM");
      await run.exited;
    });
  }

  test("a busy port is said in one line", async ({ baseURL }) => {
    dir = mkdtempSync(join(tmpdir(), "mcp-fleet-serve-"));
    const port = new URL(baseURL!).port;
    const run = launch(["--port", port]);
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toBe(`Port ${port} on 127.0.0.1 is in use (another MCP Fleet?): pass --port N to choose another.`);
  });

  test("after SIGTERM no child process of the fleet remains", async () => {
    dir = mkdtempSync(join(tmpdir(), "mcp-fleet-serve-"));
    const config = join(dir, ".mcp.json");
    writeFileSync(
      config,
      JSON.stringify({ mcpServers: { one: rawServerCommand(fixtureSpecPath("basic")), two: rawServerCommand(fixtureSpecPath("three-pages")) } }),
    );
    const run = launch(["--config", config, "--port", "0"]);
    await expect.poll(() => /MCP Fleet ready: (http:\/\/127\.0\.0\.1:\d+)\/\?token=/.exec(run.output())?.[1], { timeout: 60_000 }).toBeTruthy();
    const base = /MCP Fleet ready: (http:\/\/127\.0\.0\.1:\d+)\//.exec(run.output())![1];
    expect(run.output()).toContain(`${base}/?token=${E2E_TOKEN}`);

    // The launcher starts the fleet without waiting for a browser: both servers run before anyone asks.
    const childrenOf = (pid: number): number[] => {
      let listing: string;
      try {
        listing = execFileSync("ps", ["--ppid", String(pid), "-o", "pid="], { encoding: "utf8" });
      } catch {
        return []; // ps exits 1 when there is no such child yet
      }
      return listing
        .split("\n")
        .map((line) => Number(line.trim()))
        .filter((child) => child > 0);
    };
    await expect.poll(() => childrenOf(run.child.pid!).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await expect
      .poll(async () => {
        const response = await fetch(`${base}/api/fleet`, { headers: AUTH });
        const state = (await response.json()) as FleetStateJson;
        return state.servers.map((server) => `${server.id}:${server.status}`).sort();
      })
      .toEqual(["one:ready", "two:ready"]);
    const children = childrenOf(run.child.pid!);
    expect(children.length).toBeGreaterThanOrEqual(2);

    run.child.kill("SIGTERM");
    await run.exited;
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    await expect.poll(() => children.filter(alive)).toEqual([]);
  });
});
