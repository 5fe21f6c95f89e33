import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { fixtureSpecPath, rawServerCommand, startHttpFixture, REPO_ROOT, type FixtureName } from "@/e2e/fixtures/fixture-servers";
import type { ServerConfig } from "@/lib/config/types";
import { ServerConnection } from "./connection";

const TIMEOUT = 3_000;
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

function config(id: string, fields: Partial<ServerConfig>): ServerConfig {
  return { id, transport: "stdio", enabled: true, source: { file: "/test/.mcp.json", format: "runtime" }, ...fields };
}

function fixture(id: string, name: FixtureName, fields: Partial<ServerConfig> = {}): ServerConfig {
  return config(id, { ...rawServerCommand(fixtureSpecPath(name)), ...fields });
}

function connect(cfg: ServerConfig, timeoutMs = TIMEOUT): ServerConnection {
  const connection = new ServerConnection(cfg, { timeoutMs, debounceMs: 50 });
  cleanups.push(() => connection.close());
  return connection;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const names = (c: ServerConnection) => (c.toolList().tools as { name?: string }[]).map((t) => t.name);

describe("ServerConnection over stdio", () => {
  test("connects, lists, and reports what the server said about itself", async () => {
    const c = connect(fixture("basic", "basic"));
    await c.start();
    const d = c.details();
    expect(d).toMatchObject({
      id: "basic",
      transport: "stdio",
      status: "ready",
      serverInfo: { name: "fixture-basic", version: "1.0.0" },
      protocolVersion: "2025-11-25",
      capabilities: { tools: { listChanged: true } },
      listCount: 1,
    });
    expect(d.error).toBeUndefined();
    expect(d.connectMs).toBeGreaterThan(0);
    expect(d.listMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(d.listedAt!)).not.toBeNaN();
    expect(names(c)).toEqual(["lookup_record", "echo"]);
    const pid = c.pid!;
    expect(alive(pid)).toBe(true);
    await c.close();
    expect(alive(pid)).toBe(false);
  });

  test("a server that exits at start: the exit code and its stderr, in words", async () => {
    const c = connect(fixture("quits", "exit-at-start"));
    await c.start();
    const d = c.details();
    expect(d.status).toBe("error");
    expect(d.error).toBe(
      "exited with code 3 before answering initialize; stderr: fixture-exit-at-start: loading configuration | Error: API_TOKEN is not set; refusing to start",
    );
    expect(d.stderrTail).toEqual(["fixture-exit-at-start: loading configuration", "Error: API_TOKEN is not set; refusing to start"]);
    expect(c.toolList()).toMatchObject({ status: "error", tools: [] });
  });

  test("a server that never answers times out after the per-server timeout and is ended", async () => {
    const c = connect(fixture("stuck", "hang"));
    await c.start();
    // What it was doing and how to give it longer, not only that time ran out.
    expect(c.details()).toMatchObject({
      status: "error",
      error:
        'timed out after 3000 ms waiting for initialize; nothing on stdout yet; last on stderr: "fixture-hang: waiting for a lock that never comes"; raise the timeout with --timeout 60000 (or Reconnect with a longer timeout)',
    });
    expect(c.details().stderrTail).toEqual(["fixture-hang: waiting for a lock that never comes"]);
    const pid = c.pid;
    await c.close();
    if (pid) expect(alive(pid)).toBe(false);
  });

  test("a server that writes garbage: the parse problem in words", async () => {
    const c = connect(fixture("noise", "garbage"));
    await c.start();
    expect(c.details().status).toBe("error");
    expect(c.details().error).toBe(
      'wrote a line that is not JSON on stdout, where only JSON-RPC belongs: "garbage server v0 starting (line 0)"; no valid answer to initialize (timed out after 3000 ms)',
    );
  });

  test("a command that does not exist", async () => {
    const c = connect(config("ghost", { command: "/nonexistent/mcp-server-xyz" }));
    await c.start();
    expect(c.details()).toMatchObject({ status: "error", error: 'could not start "/nonexistent/mcp-server-xyz": command not found' });
  });

  test.each<[string, Partial<ServerConfig>, string, string | undefined]>([
    ["disabled", { enabled: false }, "disabled", undefined],
    ["invalid", { invalid: 'has a "url" but no "type": Claude Code refuses it' }, "error", 'has a "url" but no "type": Claude Code refuses it'],
  ])("a %s entry is never started", async (_label, fields, status, error) => {
    const c = connect(fixture("x", "basic", fields));
    await c.start();
    expect(c.details().status).toBe(status);
    expect(c.details().error).toBe(error);
    expect(c.pid).toBeUndefined();
    expect(c.details().listCount).toBe(0);
  });

  test("a crash after ready turns the server to error with the signal", async () => {
    let changes = 0;
    const c = new ServerConnection(fixture("fragile", "basic"), { timeoutMs: TIMEOUT, onChange: () => changes++ });
    cleanups.push(() => c.close());
    await c.start();
    expect(c.details().status).toBe("ready");
    const before = changes;
    process.kill(c.pid!, "SIGKILL");
    await expect.poll(() => c.details().status).toBe("error");
    await expect.poll(() => c.details().error).toBe("was killed by SIGKILL");
    expect(changes).toBeGreaterThan(before);
    expect(c.toolList().tools).toEqual([]);
  });

  test("env reaches the child merged over the default environment, and its values never show in stderr or errors", async () => {
    const script = [
      "process.stderr.write('token is ' + process.env.API_TOKEN + ' home ' + (process.env.HOME ? 'set' : 'unset') + '\\n');",
      "process.exit(5);",
    ].join("");
    const c = connect(config("leaky", { command: process.execPath, args: ["-e", script], env: { API_TOKEN: "s3cr3t-value-123" } }));
    await c.start();
    expect(c.details().error).toBe("exited with code 5 before answering initialize; stderr: token is •••• home set");
    expect(JSON.stringify(c.details())).not.toContain("s3cr3t-value-123");
  });

  test("cwd is honoured, and a missing one is said plainly", async () => {
    const missing = connect(fixture("nowhere", "basic", { cwd: "/nonexistent/dir" }));
    await missing.start();
    expect(missing.details().error).toBe("the working directory /nonexistent/dir does not exist");
    const here = connect(config("cwd", { command: process.execPath, args: ["-e", "process.stderr.write(process.cwd()); process.exit(1)"], cwd: join(REPO_ROOT, "lib") }));
    await here.start();
    expect(here.details().error).toBe(`exited with code 1 before answering initialize; stderr: ${join(REPO_ROOT, "lib")}`);
  });
});

/** A plain-Node MCP server that names its tool after the tools/list call count and, after the first list, sends a burst of list_changed (5, or its argument). */
const BURST_SERVER = String.raw`
const burst = Number(process.argv[1] ?? 5);
let lists = 0;
let buffer = "";
const send = (m) => process.stdout.write(JSON.stringify(m) + "\n");
process.stdin.on("data", (chunk) => {
  buffer += chunk;
  for (let nl = buffer.indexOf("\n"); nl >= 0; nl = buffer.indexOf("\n")) {
    const line = buffer.slice(0, nl);
    buffer = buffer.slice(nl + 1);
    if (line.trim()) handle(JSON.parse(line));
  }
});
process.stdin.on("end", () => process.exit(0));
function handle(m) {
  if (m.method === "initialize") send({ jsonrpc: "2.0", id: m.id, result: { protocolVersion: m.params.protocolVersion, capabilities: { tools: { listChanged: true } }, serverInfo: { name: "burst", version: "1" } } });
  else if (m.method === "tools/list") {
    lists++;
    send({ jsonrpc: "2.0", id: m.id, result: { tools: [{ name: "list_" + lists, inputSchema: { type: "object" } }] } });
    if (lists === 1) setTimeout(() => { for (let i = 0; i < burst; i++) send({ jsonrpc: "2.0", method: "notifications/tools/list_changed" }); }, 100);
  } else if (m.id !== undefined) send({ jsonrpc: "2.0", id: m.id, error: { code: -32601, message: "Method not found" } });
}
`;

describe("list_changed", () => {
  test("a burst of notifications is at most two re-lists: one at once, one for whatever arrived after it started", async () => {
    let changes = 0;
    const c = new ServerConnection(config("burst", { command: process.execPath, args: ["-e", BURST_SERVER] }), { timeoutMs: 10_000, debounceMs: 100, onChange: () => changes++ });
    cleanups.push(() => c.close());
    await c.start();
    expect(names(c)).toEqual(["list_1"]);
    await expect.poll(() => c.details().listCount).toBeGreaterThanOrEqual(2);
    // Quiet again: nothing more is listed.
    await new Promise((r) => setTimeout(r, 400));
    const lists = c.details().listCount;
    expect(lists).toBeLessThanOrEqual(3);
    expect(names(c)).toEqual([`list_${lists}`]);
    expect(changes).toBe(lists); // ready, then each re-list
  });

  test("a single notification re-lists at once: the quiet time applies within a burst, not before its first", async () => {
    // A debounce far longer than the poll: only a leading-edge re-list can show list_2 in time.
    const c = new ServerConnection(config("single", { command: process.execPath, args: ["-e", BURST_SERVER, "1"] }), { timeoutMs: 10_000, debounceMs: 60_000 });
    cleanups.push(() => c.close());
    await c.start();
    expect(names(c)).toEqual(["list_1"]);
    await expect.poll(() => names(c), { timeout: 5_000 }).toEqual(["list_2"]);
    expect(c.details().listCount).toBe(2);
  });
});

describe("ServerConnection over the published servers", () => {
  const bin = (pkg: string) => join(REPO_ROOT, "node_modules", "@modelcontextprotocol", pkg, "dist", "index.js");

  test("server-memory and server-filesystem over stdio", async () => {
    const memory = connect(config("memory", { command: process.execPath, args: [bin("server-memory")], env: { MEMORY_FILE_PATH: "/tmp/mcp-fleet-test-memory.jsonl" } }), 10_000);
    const files = connect(config("files", { command: process.execPath, args: [bin("server-filesystem"), REPO_ROOT] }), 10_000);
    await Promise.all([memory.start(), files.start()]);
    expect(memory.details()).toMatchObject({ status: "ready", serverInfo: { name: "memory-server" } });
    expect(names(memory)).toContain("create_entities");
    expect(files.details().status).toBe("ready");
    expect(names(files)).toContain("read_text_file");
  });

  /** Starts server-everything in an HTTP mode on a free port; resolves once it listens. */
  async function everything(mode: "streamableHttp" | "sse"): Promise<number> {
    const port = await freePort();
    const child = spawn(process.execPath, [bin("server-everything"), mode], { env: { ...process.env, PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"] });
    cleanups.push(async () => {
      child.kill("SIGTERM");
      if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once("exit", r));
    });
    await new Promise<void>((resolve, reject) => {
      let text = "";
      const seen = (chunk: Buffer) => {
        text += String(chunk);
        if (/listening on port|running on port/i.test(text)) resolve();
      };
      child.stdout.on("data", seen);
      child.stderr.on("data", seen);
      child.once("exit", (code) => reject(new Error(`server-everything exited ${code}: ${text}`)));
    });
    return port;
  }

  test("server-everything over Streamable HTTP", async () => {
    const port = await everything("streamableHttp");
    const c = connect(config("everything", { transport: "http", url: `http://127.0.0.1:${port}/mcp`, headers: { Authorization: "Bearer not-checked-here" } }), 10_000);
    await c.start();
    expect(c.details()).toMatchObject({ status: "ready", transport: "http", protocolVersion: "2025-11-25" });
    expect(c.details().serverInfo?.name).toMatch(/everything/);
    expect(names(c)).toContain("echo");
    expect(c.pid).toBeUndefined();
  });

  test("server-everything over SSE, directly and as the fallback of an `http` entry", async () => {
    const port = await everything("sse");
    const url = `http://127.0.0.1:${port}/sse`;
    const direct = connect(config("old-sse", { transport: "sse", url }), 10_000);
    const fallback = connect(config("old-http", { transport: "http", url }), 10_000);
    await Promise.all([direct.start(), fallback.start()]);
    expect(direct.details()).toMatchObject({ status: "ready", transport: "sse" });
    // POST /sse is a 404 on this server: the SDK docs' advice, fall back to SSE, and say which transport is in use.
    expect(fallback.details()).toMatchObject({ status: "ready", transport: "sse" });
    expect(names(fallback)).toEqual(names(direct));
    expect(names(direct)).toContain("echo");
  });
});

describe("ws", () => {
  test.skipIf(typeof (globalThis as { WebSocket?: unknown }).WebSocket !== "undefined")("without a global WebSocket (Node 20) the reason is said", async () => {
    const c = connect(config("sock", { transport: "ws", url: "ws://127.0.0.1:9/" }));
    await c.start();
    expect(c.details()).toMatchObject({ status: "error", error: `the ws transport needs a global WebSocket (Node 22 or later; this is Node ${process.versions.node})` });
  });
});

describe("ServerConnection over HTTP fixtures", () => {
  test("Streamable HTTP, with instructions", async () => {
    const server = await startHttpFixture(fixtureSpecPath("http"));
    cleanups.push(server.close);
    const c = connect(config("remote", { transport: "http", url: server.url }));
    await c.start();
    expect(c.details()).toMatchObject({ status: "ready", transport: "http", instructions: "An HTTP fixture server." });
    expect(names(c)).toEqual(["remote_echo", "remote_status"]);
  });

  test("an HTTP server that never answers times out", async () => {
    const server = await startHttpFixture(fixtureSpecPath("hang"));
    cleanups.push(server.close);
    const c = connect(config("remote-hang", { transport: "http", url: server.url }), 800);
    await c.start();
    expect(c.details()).toMatchObject({ status: "error", error: "timed out after 800 ms waiting for initialize; raise the timeout with --timeout 60000 (or Reconnect with a longer timeout)" });
  });

  test("a 4xx on Streamable HTTP falls back to SSE, and both failures are told", async () => {
    const server = await startHttpFixture(fixtureSpecPath("basic"));
    cleanups.push(server.close);
    const c = connect(config("old", { transport: "http", url: server.url.replace(/\/mcp$/, "/elsewhere") }));
    await c.start();
    expect(c.details().status).toBe("error");
    expect(c.details().error).toBe(
      "Streamable HTTP failed: HTTP 404 (not found: the MCP endpoint is /mcp); the SSE fallback failed: HTTP 404",
    );
  });

  test("nothing listening: the connection error in words", async () => {
    const port = await freePort();
    const c = connect(config("down", { transport: "sse", url: `http://127.0.0.1:${port}/sse` }));
    await c.start();
    expect(c.details().status).toBe("error");
    expect(c.details().error).toMatch(/ECONNREFUSED|fetch failed/);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}
