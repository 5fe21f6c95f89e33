#!/usr/bin/env node
// A plain-Node MCP server that serves any raw tool list, even a spec-violating one. It uses the SDK's
// low-level `Server`, which does not validate tools/list output (McpServer cannot publish a root anyOf:
// docs/platform.md).
// Usage: raw-server.mjs <spec.json> [--transport=stdio|http] [--probe=<file>]   (the flag overrides the spec's transport)
// Besides the tool pages and transport: "startDelayMs" (wait before serving) and "listDelayMs" (per tools/list
// answer), so benchmarks can make a slow server. For the fault tests: "generateTools" ({ count,
// descriptionBytes?, pageSize? }: a big list), "listChangedStorm" ({ perSecond, durationMs }: list_changed
// without pause, each one a new list), "crashAfterMs" (exit 1 that long after initialize; with
// "crashOnceFile", only while that file does not exist yet), "reportCwd" / "reportEnv" (names only:
// the instructions say where the server runs and which variables it got, never a value), "requireEnv"
// (exit 3 at start, naming each missing variable), "stderrEnv" (writes NAME=value lines to stderr: a
// server that leaks its secret, for the redaction tests), "requireHeaders" (over HTTP: 401 unless each named
// header is sent), "listChangedLog" (a file that gets the wall-clock time, in ms, of every
// notifications/tools/list_changed this server sends: a benchmark's start line).
// tools/call: by default a text echo (`<name> called with <arguments>`). "calls" ({ "<tool name>": behaviour })
// and "callDefault" (every other tool) change it; a behaviour's fields apply in this order: "delayMs" (wait
// first), "hang" (never answer), "exit" (the process exits with that code mid-call, nothing answered), "error"
// ({ code, message, data? }: a JSON-RPC error), "result" (answered exactly as written: content blocks of any
// kind, isError, structuredContent), "echo" (the arguments as JSON text and as structuredContent). A call
// the client cancels (notifications/cancelled) stops waiting and answers nothing; "recordCancellations"
// (a file, relative to the spec) gets one JSON line per cancellation: { requestId, tool, reason }.
// `--probe=<file>` writes the cwd and the NAMES of the environment variables this process was given (JSON,
// before the spec is read), so a capture records what a client hands a stdio server. Env
// RAW_SERVER_HOLD_CHANGES=1 turns off the scheduled "changes" (a capture must see the same list every run).
import { appendFileSync, readFileSync, watchFile, unwatchFile, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { randomUUID } from "node:crypto";
import { dirname, resolve } from "node:path";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  isInitializeRequest,
} from "@modelcontextprotocol/sdk/types.js";

const probeArg = process.argv.slice(2).find((arg) => arg.startsWith("--probe="))?.slice("--probe=".length);
if (probeArg) writeProbe(probeArg);

const specArg = process.argv[2];
if (!specArg) {
  process.stderr.write("usage: raw-server.mjs <spec.json>\n");
  process.exit(2);
}
const specPath = resolve(specArg);
let spec;
try {
  spec = JSON.parse(readFileSync(specPath, "utf8"));
} catch (error) {
  process.stderr.write(`raw-server: cannot read spec ${specPath}: ${error.message}\n`);
  process.exit(2);
}
const specDir = dirname(specPath);
const transportFlag = process.argv.slice(3).find((arg) => arg.startsWith("--transport="))?.slice("--transport=".length);
const transportKind = (transportFlag ?? spec.transport) === "http" ? "http" : "stdio";

for (const line of spec.stderr ?? []) process.stderr.write(`${line}\n`);
for (const name of spec.stderrEnv ?? []) process.stderr.write(`${name}=${process.env[name] ?? ""}\n`);
const missingEnv = (spec.requireEnv ?? []).filter((name) => process.env[name] === undefined);
if (missingEnv.length > 0) {
  process.stderr.write(`raw-server: missing environment variable ${missingEnv.join(", ")}\n`);
  process.exit(3);
}

// An HTTP or hung server has no stdin EOF to end it: leave when the parent that started us is gone, so a
// crashed test run never leaves a server behind.
const parentPid = process.ppid;
if (parentPid > 1) setInterval(() => {
  try {
    process.kill(parentPid, 0); // process.ppid is cached in Node, so probe the original parent instead
  } catch {
    process.exit(0);
  }
}, 500).unref();

if (spec.fault === "exit-at-start") {
  // No exit() call: let stderr drain, then leave with the requested code.
  process.exitCode = spec.exitCode ?? 1;
} else if (spec.fault === "hang") {
  hang();
} else if (spec.fault === "garbage") {
  garbage();
} else {
  if (spec.startDelayMs) await new Promise((done) => setTimeout(done, spec.startDelayMs));
  await serve();
}

/** Reads whatever comes in and never answers: the client must time out. */
function hang() {
  if (transportKind === "http") {
    listen(() => {
      /* accept the request, never respond */
    });
  } else {
    process.stdin.on("data", () => {});
    process.stdin.resume();
  }
  setInterval(() => {}, 1 << 30);
}

/** Writes lines that are not JSON-RPC (a banner, broken JSON, JSON that is not a message) and never a valid answer. */
function garbage() {
  const junk = (n) => [`garbage server v0 starting (line ${n})`, "{not json at all", JSON.stringify({ hello: "world", n })];
  if (transportKind === "http") {
    listen((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(junk(0).join("\n"));
    });
  } else {
    process.stdout.write(`${junk(0).join("\n")}\n`);
    let n = 0;
    process.stdin.on("data", () => process.stdout.write(`${junk(++n).join("\n")}\n`));
    process.stdin.on("end", () => process.exit(0));
    process.stdin.resume();
  }
}

/** `count` tools in pages of `pageSize`, each description padded to about `descriptionBytes`. */
function generatedPages({ count, descriptionBytes = 0, pageSize = count }) {
  const tools = Array.from({ length: count }, (_, i) => ({
    name: `generated_${String(i).padStart(5, "0")}`,
    description: `Generated tool ${i}. ${"x".repeat(Math.max(0, descriptionBytes - 30))}`,
    inputSchema: { type: "object", properties: { id: { type: "string", description: `id of ${i}` } }, required: ["id"] },
  }));
  const pages = [];
  for (let i = 0; i < tools.length; i += Math.max(1, pageSize)) pages.push(tools.slice(i, i + Math.max(1, pageSize)));
  return pages.length ? pages : [[]];
}

/** What the server was given, by name only: its folder and which of the named variables are set. */
function environmentReport() {
  const lines = [];
  if (spec.reportCwd) lines.push(`cwd: ${process.cwd()}`);
  if (spec.reportEnv) lines.push(`env: ${spec.reportEnv.map((name) => `${name}=${process.env[name] === undefined ? "missing" : "set"}`).join(" ")}`);
  return lines.join("\n");
}

function parseToolsFile(text) {
  const parsed = JSON.parse(text);
  if (!Array.isArray(parsed)) throw new Error("toolsFile must hold RawTool[] or RawTool[][]");
  return parsed.length > 0 && parsed.every(Array.isArray) ? parsed : [parsed];
}

async function serve() {
  const toolsFile = spec.toolsFile ? resolve(specDir, spec.toolsFile) : null;
  /** Set by a scheduled change; wins over the toolsFile until the file changes again. */
  let overridePages = null;
  let lastGoodFilePages = null;
  /** The text lastGoodFilePages was parsed from: a list read page by page parses the file once, as a real server lists from memory. */
  let lastGoodText = null;
  const live = new Set();

  function currentPages() {
    if (overridePages) return overridePages;
    if (toolsFile) {
      try {
        const text = readFileSync(toolsFile, "utf8");
        if (text !== lastGoodText) {
          lastGoodFilePages = parseToolsFile(text);
          lastGoodText = text;
        }
      } catch (error) {
        // A half-written file keeps the last good list; with none, the client sees an error.
        if (!lastGoodFilePages) throw new McpError(ErrorCode.InternalError, `toolsFile ${toolsFile}: ${error.message}`);
      }
      return lastGoodFilePages;
    }
    if (spec.generateTools) return (generated ??= generatedPages(spec.generateTools));
    if (spec.listChangedStorm) return [[{ name: `storm_${stormVersion}`, inputSchema: { type: "object" } }]];
    return spec.pages ?? [[]];
  }
  let generated = null;
  let stormVersion = 0;

  const listChangedLog = spec.listChangedLog ? resolve(specDir, spec.listChangedLog) : null;
  function broadcastListChanged() {
    if (listChangedLog) appendFileSync(listChangedLog, `${Date.now()}\n`);
    for (const server of live) server.sendToolListChanged().catch(() => {});
  }

  if (toolsFile) {
    let lastText = safeRead(toolsFile);
    watchFile(toolsFile, { interval: 50 }, () => {
      const text = safeRead(toolsFile);
      if (text === lastText) return;
      lastText = text;
      overridePages = null;
      broadcastListChanged();
    });
    process.on("exit", () => unwatchFile(toolsFile));
  }

  let changesScheduled = false;
  function scheduleChanges() {
    if (changesScheduled) return;
    changesScheduled = true;
    if (spec.crashAfterMs !== undefined) {
      const once = spec.crashOnceFile ? resolve(specDir, spec.crashOnceFile) : null;
      if (!once || safeRead(once) === null) {
        if (once) writeFileSync(once, "crashed\n");
        setTimeout(() => {
          process.stderr.write("raw-server: crashing now, as the spec asks\n");
          process.exit(1);
        }, spec.crashAfterMs);
      }
    }
    if (spec.listChangedStorm) {
      const { perSecond, durationMs } = spec.listChangedStorm;
      const started = Date.now();
      // Bursts every 10 ms: timers cannot fire hundreds of times a second one by one.
      const timer = setInterval(() => {
        const due = Math.max(1, Math.round(perSecond / 100));
        for (let i = 0; i < due; i++) {
          stormVersion++;
          broadcastListChanged();
        }
        if (Date.now() - started >= durationMs) clearInterval(timer);
      }, 10);
    }
    // RAW_SERVER_HOLD_CHANGES=1 keeps the initial list for good: a capture of a real client must see the
    // same tools on every run, however long the client takes (the demo's tracker changes after 8 s).
    const changes = process.env.RAW_SERVER_HOLD_CHANGES === "1" ? [] : (spec.changes ?? []);
    for (const change of changes) {
      setTimeout(() => {
        overridePages = change.pages ?? [[]];
        broadcastListChanged();
      }, change.afterMs ?? 0).unref();
    }
  }

  function makeServer() {
    const instructions = [spec.instructions, environmentReport()].filter(Boolean).join("\n");
    const server = new Server(spec.serverInfo ?? { name: "raw-server", version: "0.0.0" }, {
      capabilities: { tools: { listChanged: true } },
      ...(instructions ? { instructions } : {}),
    });
    server.setRequestHandler(ListToolsRequestSchema, async (request) => {
      if (spec.listDelayMs) await new Promise((done) => setTimeout(done, spec.listDelayMs));
      const pages = currentPages();
      const cursor = request.params?.cursor;
      let index = 0;
      if (cursor !== undefined) {
        const match = /^page-(\d+)$/.exec(cursor);
        index = match ? Number(match[1]) : -1;
        if (index < 1 || index >= pages.length) throw new McpError(ErrorCode.InvalidParams, `unknown cursor ${JSON.stringify(cursor)}`);
      }
      // Served exactly as written: no validation, no defaults.
      const result = { tools: pages[index] ?? [] };
      if (index + 1 < pages.length) result.nextCursor = `page-${index + 1}`;
      return result;
    });
    server.setRequestHandler(CallToolRequestSchema, (request, extra) => callTool(request.params, extra));
    server.oninitialized = scheduleChanges;
    return server;
  }

  if (transportKind === "stdio") {
    const server = makeServer();
    live.add(server);
    server.onclose = () => process.exit(0);
    process.stdin.on("end", () => process.exit(0));
    await server.connect(new StdioServerTransport());
    return;
  }

  const sessions = new Map();
  listen(async (req, res) => {
    // "requireHeaders": a server behind auth answers 401 unless every named header came (values are not checked or logged).
    const missing = (spec.requireHeaders ?? []).filter((name) => req.headers[name.toLowerCase()] === undefined);
    if (missing.length > 0) return jsonRpcError(res, 401, -32001, `missing header ${missing.join(", ")}`);
    const sessionId = req.headers["mcp-session-id"];
    let body;
    if (req.method === "POST") {
      try {
        body = JSON.parse(await readBody(req));
      } catch {
        return jsonRpcError(res, 400, ErrorCode.ParseError, "Parse error");
      }
    }
    if (typeof sessionId === "string") {
      const entry = sessions.get(sessionId);
      if (!entry) return jsonRpcError(res, 404, -32001, "Session not found");
      return entry.transport.handleRequest(req, res, body);
    }
    if (req.method !== "POST" || !isInitializeRequest(body)) {
      return jsonRpcError(res, 400, ErrorCode.InvalidRequest, "Bad Request: no valid session ID");
    }
    const server = makeServer();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { server, transport });
        live.add(server);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
      live.delete(server);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  });
}

const cancellationsFile = spec.recordCancellations ? resolve(specDir, spec.recordCancellations) : null;

/** One tools/call, as the spec's "calls" / "callDefault" say (see the header). */
async function callTool({ name, arguments: args }, extra) {
  if (cancellationsFile) {
    extra.signal.addEventListener(
      "abort",
      () => appendFileSync(cancellationsFile, `${JSON.stringify({ requestId: extra.requestId, tool: name, reason: String(extra.signal.reason ?? "") })}\n`),
      { once: true },
    );
  }
  const behaviour = (spec.calls && Object.hasOwn(spec.calls, name) ? spec.calls[name] : spec.callDefault) ?? {};
  if (behaviour.delayMs || behaviour.hang) await waitOrCancel(behaviour.hang ? null : behaviour.delayMs, extra.signal);
  // The SDK sends nothing for a cancelled request, as the spec asks; what is returned here is dropped.
  if (extra.signal.aborted) return { content: [] };
  if (behaviour.exit !== undefined) {
    process.stderr.write(`raw-server: exiting with code ${behaviour.exit} in the middle of ${name}, as the spec asks\n`);
    process.exit(behaviour.exit);
  }
  if (behaviour.error) {
    // Not an McpError, whose message gains an "MCP error <code>:" prefix: the client gets the spec's words exactly.
    const { code = ErrorCode.InternalError, message = "error", data } = behaviour.error;
    throw Object.assign(new Error(message), { code, ...(data !== undefined ? { data } : {}) });
  }
  if (behaviour.result !== undefined) return behaviour.result;
  if (behaviour.echo) return { content: [{ type: "text", text: JSON.stringify(args ?? {}) }], structuredContent: args ?? {} };
  return { content: [{ type: "text", text: `${name} called with ${JSON.stringify(args ?? {})}` }] };
}

/** Resolves after `ms` (never, when null) or as soon as the call is cancelled. */
function waitOrCancel(ms, signal) {
  return new Promise((done) => {
    if (signal.aborted) return done();
    const timer = ms === null ? undefined : setTimeout(done, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      done();
    }, { once: true });
  });
}

function listen(handler) {
  const port = spec.port ?? (process.env.PORT ? Number(process.env.PORT) : 0);
  const http = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/mcp") {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found: the MCP endpoint is /mcp\n");
      return;
    }
    Promise.resolve(handler(req, res)).catch((error) => {
      process.stderr.write(`raw-server: ${error?.stack ?? error}\n`);
      if (!res.headersSent) jsonRpcError(res, 500, ErrorCode.InternalError, "Internal error");
    });
  });
  http.listen(port, "127.0.0.1", () => {
    process.stdout.write(`LISTENING http://127.0.0.1:${http.address().port}/mcp\n`);
  });
}

function readBody(req) {
  return new Promise((resolveBody, reject) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => resolveBody(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function jsonRpcError(res, status, code, message) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

function safeRead(file) {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/** Records where and with which variables the client started us: names only, never values (they may be secrets). */
function writeProbe(file) {
  const probe = { cwd: process.cwd(), argv: process.argv.slice(2), envNames: Object.keys(process.env).sort() };
  try {
    writeFileSync(file, `${JSON.stringify(probe, null, 2)}\n`);
  } catch (error) {
    process.stderr.write(`raw-server: cannot write probe ${file}: ${error.message}\n`);
  }
}
