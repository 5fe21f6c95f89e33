/**
 * raw-server.mjs against the real SDK client over stdio and Streamable HTTP (the fault scenarios):
 * pagination, raw spec-violating tools, list_changed from a toolsFile and from scheduled changes, faults.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ErrorCode, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import {
  fixtureSpecPath,
  fixtureSpecWith,
  makeToolsFileServer,
  rawServerCommand,
  startHttpFixture,
  writeMcpConfig,
  writeToolsFile,
  type FixtureName,
} from "@/e2e/fixtures/fixture-servers";
import { closeAllClients, connectHttp, connectStdio, isAlive, listAllPages, listPage, LenientPage, waitUntil } from "./test-clients";

const specOf = (name: FixtureName) => JSON.parse(readFileSync(fixtureSpecPath(name), "utf8"));
const namesOf = (tools: unknown[]) => tools.map((tool) => (tool as { name?: string }).name ?? "<no name>");

const children = new Set<ChildProcess>();
const closers: (() => Promise<void>)[] = [];
const tempDirs: string[] = [];

afterEach(async () => {
  await closeAllClients();
  await Promise.all(closers.splice(0).map((close) => close()));
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  children.clear();
});
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "raw-server-test-"));
  tempDirs.push(dir);
  return dir;
}

/** Spawns the server by hand, for the faults the SDK client cannot show exactly (exit code, raw stdout). */
function spawnRaw(specPath: string): { child: ChildProcess; stdout: () => string; stderr: () => string; exit: Promise<number | null> } {
  const { command, args } = rawServerCommand(specPath);
  const child = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"] });
  children.add(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => (stdout += String(chunk)));
  child.stderr!.on("data", (chunk) => (stderr += String(chunk)));
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exit };
}

describe("pages and cursors", () => {
  test("tools/list follows nextCursor over three pages and stops when it is absent", async () => {
    const { client } = await connectStdio(fixtureSpecPath("three-pages"));
    const first = await listPage(client);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await listPage(client, first.nextCursor);
    expect(second.nextCursor).toEqual(expect.any(String));
    const third = await listPage(client, second.nextCursor);
    expect(third.nextCursor).toBeUndefined();
    expect([first.tools, second.tools, third.tools].map(namesOf)).toEqual(specOf("three-pages").pages.map(namesOf));
  });

  test("an unknown cursor is an invalid-params error", async () => {
    const { client } = await connectStdio(fixtureSpecPath("three-pages"));
    await expect(listPage(client, "nonsense")).rejects.toMatchObject({ code: ErrorCode.InvalidParams });
  });

  test("the same pages are served over Streamable HTTP", async () => {
    const http = await startHttpFixture(fixtureSpecPath("three-pages"));
    closers.push(http.close);
    const { client } = await connectHttp(http.url);
    expect(await listAllPages(client)).toEqual(specOf("three-pages").pages);
  });
});

describe("raw tools", () => {
  test("spec-violating tools on page two are served exactly as written", async () => {
    const { client, errors } = await connectStdio(fixtureSpecPath("three-pages"));
    const pages = await listAllPages(client);
    expect(pages).toEqual(specOf("three-pages").pages);
    expect(pages[1]).toContainEqual({ description: "A tool with no name (spec violation).", inputSchema: { type: "object", properties: {} } });
    expect(errors).toEqual([]);
  });

  test("the strict SDK listTools rejects that page, which is why the fleet must read leniently", async () => {
    const { client } = await connectStdio(fixtureSpecPath("three-pages"));
    const first = await listPage(client);
    await expect(client.listTools({ cursor: first.nextCursor })).rejects.toThrow();
  });

  test("serverInfo, instructions, listChanged capability and a tools/call echo", async () => {
    const http = await startHttpFixture(fixtureSpecPath("http"));
    closers.push(http.close);
    const { client } = await connectHttp(http.url);
    expect(client.getServerVersion()).toEqual(specOf("http").serverInfo);
    expect(client.getInstructions()).toBe(specOf("http").instructions);
    expect(client.getServerCapabilities()?.tools?.listChanged).toBe(true);
    const result = await client.callTool({ name: "remote_echo", arguments: { text: "hi" } });
    expect(result.content).toEqual([{ type: "text", text: 'remote_echo called with {"text":"hi"}' }]);
  });

  test("a stdio server ends when its client closes stdin", async () => {
    const connected = await connectStdio(fixtureSpecPath("basic"));
    expect(connected.pid && isAlive(connected.pid)).toBe(true);
    await connected.client.close();
    expect(await waitUntil(() => !isAlive(connected.pid!), 1_500)).toBe(true);
  });
});

describe("tools/call behaviours (the spec's \"calls\")", () => {
  const call = (client: Client, name: string, args: Record<string, unknown> = {}) =>
    client.request({ method: "tools/call", params: { name, arguments: args } }, LenientPage.passthrough().partial(), { timeout: 5_000 });

  test("echo, isError, image content and structured content are answered exactly as the spec writes them", async () => {
    const { client } = await connectStdio(fixtureSpecPath("calls"));
    expect(await call(client, "echo", { text: "hi" })).toEqual({ content: [{ type: "text", text: '{"text":"hi"}' }], structuredContent: { text: "hi" } });
    expect(await call(client, "tool_error")).toEqual({ content: [{ type: "text", text: "record 42 does not exist" }], isError: true });
    expect(await call(client, "picture")).toEqual(specOf("calls").calls.picture.result);
    expect(await call(client, "weather")).toMatchObject({ structuredContent: { temperature: 22.5, conditions: "Sunny" } });
    // A tool the spec says nothing about keeps the text echo.
    expect(await call(client, "find", { id: "1" })).toEqual({ content: [{ type: "text", text: 'find called with {"id":"1"}' }] });
  });

  test("error: a JSON-RPC error with the spec's code and words (the SDK client adds its \"MCP error\" prefix once, so the server sent none)", async () => {
    const { client } = await connectStdio(fixtureSpecPath("calls"));
    await expect(call(client, "rpc_error")).rejects.toMatchObject({ code: -32603, message: "MCP error -32603: database is locked" });
  });

  test("exit: the process dies mid-call with the spec's code, saying so on stderr", async () => {
    const connected = await connectStdio(fixtureSpecPath("calls"));
    await expect(call(connected.client, "crash")).rejects.toMatchObject({ code: ErrorCode.ConnectionClosed });
    expect(await waitUntil(() => !isAlive(connected.pid!), 2_000)).toBe(true);
    expect(connected.stderr()).toContain("raw-server: exiting with code 1 in the middle of crash, as the spec asks");
  });

  test("hang: no answer; notifications/cancelled is recorded with the request id, the tool and the reason", async () => {
    const dir = tempDir();
    const spec = fixtureSpecWith("calls", dir, { recordCancellations: "cancelled.jsonl" });
    const { client } = await connectStdio(spec);
    const aborter = new AbortController();
    const pending = client.request({ method: "tools/call", params: { name: "slow", arguments: {} } }, LenientPage.partial(), { signal: aborter.signal, timeout: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    aborter.abort("the user cancelled");
    await expect(pending).rejects.toThrow();
    const file = join(dir, "cancelled.jsonl");
    expect(await waitUntil(() => readable(file).length > 0, 2_000)).toBe(true);
    const lines = readable(file).trim().split("\n").map((line) => JSON.parse(line));
    expect(lines).toEqual([{ requestId: expect.any(Number), tool: "slow", reason: "the user cancelled" }]);
    // Still serving after the cancellation.
    expect(await call(client, "echo", { text: "after" })).toMatchObject({ structuredContent: { text: "after" } });
  });
});

function readable(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

describe("list_changed", () => {
  const first = [{ name: "alpha", inputSchema: { type: "object" } }];
  const second = [
    [{ name: "alpha", inputSchema: { type: "object", properties: { x: { type: "string" } } } }],
    [{ name: "beta", inputSchema: { anyOf: [{ required: ["y"] }] } }],
  ];

  test("rewriting the toolsFile sends list_changed over stdio and the new pages are served", async () => {
    const { specPath, toolsFile } = makeToolsFileServer(tempDir(), first);
    const connected = await connectStdio(specPath);
    expect(await listAllPages(connected.client)).toEqual([first]);
    const changed = connected.nextListChanged(5_000);
    writeToolsFile(toolsFile, second);
    await changed;
    expect(await listAllPages(connected.client)).toEqual(second);
  });

  test("rewriting the toolsFile sends list_changed over Streamable HTTP", async () => {
    const { specPath, toolsFile } = makeToolsFileServer(tempDir(), first, { transport: "http" });
    const http = await startHttpFixture(specPath);
    closers.push(http.close);
    const connected = await connectHttp(http.url);
    expect(await listAllPages(connected.client)).toEqual([first]);
    const changed = connected.nextListChanged(5_000);
    writeToolsFile(toolsFile, second);
    await changed;
    expect(await listAllPages(connected.client)).toEqual(second);
  });

  test("a scheduled change adds a tool that collides with another fixture's", async () => {
    const connected = await connectStdio(fixtureSpecPath("late-collision"));
    const changed = connected.nextListChanged(5_000);
    expect(namesOf((await listAllPages(connected.client)).flat())).toEqual(["status"]);
    await changed;
    const after = namesOf((await listAllPages(connected.client)).flat());
    expect(after).toEqual(["status", "lookup_record"]);
    expect(namesOf(specOf("basic").pages.flat())).toContain("lookup_record");
  });

  test("RAW_SERVER_HOLD_CHANGES=1 keeps the initial list past a scheduled change (captures of real clients rely on it)", async () => {
    const transport = new StdioClientTransport({
      ...rawServerCommand(fixtureSpecPath("late-collision")),
      env: { PATH: process.env.PATH ?? "", RAW_SERVER_HOLD_CHANGES: "1" },
    });
    const client = new Client({ name: "hold-test", version: "0.0.0" });
    let notified = false;
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      notified = true;
    });
    await client.connect(transport);
    closers.push(() => client.close());
    const afterMs = (specOf("late-collision").changes[0] as { afterMs: number }).afterMs;
    await new Promise((done) => setTimeout(done, afterMs + 1_000));
    expect(namesOf((await listAllPages(client)).flat())).toEqual(["status"]);
    expect(notified).toBe(false);
  });
});

describe("--probe", () => {
  test("writes the cwd, the arguments and the environment variable NAMES (never values) before reading the spec", () => {
    const dir = mkdtempSync(join(tmpdir(), "raw-server-probe-"));
    tempDirs.push(dir);
    const probe = join(dir, "probe.json");
    const { command, args } = rawServerCommand(join(dir, "missing-spec.json"));
    const env: Record<string, string> = { PATH: process.env.PATH ?? "", SECRET_TOKEN: "s3cr3t" };
    const run = spawnSync(command, [...args, `--probe=${probe}`], { cwd: dir, env: env as NodeJS.ProcessEnv, encoding: "utf8" });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("cannot read spec");
    const written = readFileSync(probe, "utf8");
    expect(JSON.parse(written)).toEqual({ cwd: realpathSync(dir), argv: [join(dir, "missing-spec.json"), `--probe=${probe}`], envNames: expect.arrayContaining(["PATH", "SECRET_TOKEN"]) });
    expect(written).not.toContain("s3cr3t");
  });
});

describe("faults", () => {
  test("exit-at-start: exits with the spec's code after writing its stderr lines", async () => {
    const spec = specOf("exit-at-start");
    const run = spawnRaw(fixtureSpecPath("exit-at-start"));
    expect(await run.exit).toBe(3);
    expect(run.stderr()).toBe(spec.stderr.map((line: string) => `${line}\n`).join(""));
    expect(run.stdout()).toBe("");
  });

  test("exit-at-start: the SDK client's connect fails", async () => {
    await expect(connectStdio(fixtureSpecPath("exit-at-start"), { timeoutMs: 5_000 })).rejects.toThrow();
  });

  test("hang: connect times out, the process stays alive and reads its input", async () => {
    const started = Date.now();
    await expect(connectStdio(fixtureSpecPath("hang"), { timeoutMs: 800 })).rejects.toMatchObject({ code: ErrorCode.RequestTimeout });
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    const run = spawnRaw(fixtureSpecPath("hang"));
    expect(await waitUntil(() => run.stderr().includes("never comes"), 5_000)).toBe(true);
    run.child.stdin!.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" })}\n`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(run.child.exitCode).toBeNull();
    expect(run.stdout()).toBe("");
    expect(run.stderr()).toContain("never comes");
  });

  test("garbage: stdout holds no JSON-RPC message and the client's connect fails", async () => {
    const run = spawnRaw(fixtureSpecPath("garbage"));
    run.child.stdin!.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" })}\n`);
    await waitUntil(() => run.stdout().split("\n").length > 4, 5_000);
    const lines = run.stdout().split("\n").filter(Boolean);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) {
      let message: unknown = null;
      try {
        message = JSON.parse(line);
      } catch {
        // not JSON at all: garbage, as intended
      }
      expect(message === null || typeof message !== "object" || !("jsonrpc" in message)).toBe(true);
    }
    await expect(connectStdio(fixtureSpecPath("garbage"), { timeoutMs: 1_000 })).rejects.toThrow();
  });
});

describe("helpers and slow servers", () => {
  test("listDelayMs holds every tools/list answer back", async () => {
    const dir = tempDir();
    const specPath = join(dir, "slow.json");
    writeFileSync(specPath, JSON.stringify({ serverInfo: { name: "slow", version: "1" }, transport: "stdio", listDelayMs: 1_000, pages: [[{ name: "t" }]] }));
    const { client } = await connectStdio(specPath);
    const ask = (timeout: number) => client.request({ method: "tools/list", params: {} }, LenientPage, { timeout });
    await expect(ask(100)).rejects.toMatchObject({ code: ErrorCode.RequestTimeout });
    expect((await ask(10_000)).tools).toEqual([{ name: "t" }]);
  });

  test("writeMcpConfig writes .mcp.json entries that start the fixture", async () => {
    const http = { url: "http://127.0.0.1:1/mcp" };
    const path = writeMcpConfig(tempDir(), { basic: fixtureSpecPath("basic"), remote: http });
    const { mcpServers } = JSON.parse(readFileSync(path, "utf8"));
    expect(mcpServers.remote).toEqual({ type: "http", url: http.url });
    const client = new Client({ name: "demo-test", version: "0.0.0" });
    try {
      await client.connect(new StdioClientTransport(mcpServers.basic), { timeout: 10_000 });
      expect(namesOf((await listAllPages(client)).flat())).toEqual(["lookup_record", "echo"]);
    } finally {
      await client.close();
    }
  });
});
