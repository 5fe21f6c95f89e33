#!/usr/bin/env node
// The dashboard launcher: builds when the sources changed, then serves Next from
// our own HTTP server on 127.0.0.1 only, so the security gate (guard.mjs) sees every request first.
// It keeps the terminal's environment for the MCP servers, and every way of stopping it (SIGINT,
// SIGTERM, SIGHUP, npm going away) ends every server's process group and frees the port.
// Usage: npm start -- [--config F ...] [--port N] [--timeout MS] [--dev] [--no-build] [--demo]
// (also `mcp-fleet start ...`). Without --config it reads the configs of the folder it was run in.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { ensureCliBuild } from "./build-cli.mjs";
import { SECURITY_HEADERS, decide, newToken } from "./guard.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const HOST = "127.0.0.1";
const SHUTDOWN_KEY = Symbol.for("mcp-fleet.shutdown");
/** The environment this launcher was started with, kept before anything changes process.env: lib/fleet/server-env.ts hands it to the servers. */
const SHELL_ENV_KEY = Symbol.for("mcp-fleet.shell-env");
/** The same signal again within this window is one stop (npm forwards a signal the whole group also got). */
const REPEAT_WINDOW_MS = 3_000;
/** How often to check that npm, which started us, is still there. */
const PARENT_CHECK_MS = 500;
const SOURCE_DIRS = ["app", "components", "lib"];
const SOURCE_FILES = ["next.config.mjs", "package.json"];
const USAGE = `Usage: npm start -- [--config FILE ...] [--port N] [--timeout MS] [--dev] [--no-build] [--demo]
       mcp-fleet start [the same options]
  --config FILE   an MCP config (.mcp.json, ~/.claude.json, Claude Desktop, .cursor/mcp.json,
                  .vscode/mcp.json, Codex config.toml); repeat for several. None: the configs found
                  in the folder it was run in (.mcp.json, .cursor/mcp.json, .vscode/mcp.json,
                  .codex/config.toml, its entry in ~/.claude.json), else the demo fleet.
  --demo          the demo fleet, even where configs would be found
  --port N        port on 127.0.0.1 (default 3000; 0 picks a free one)
  --timeout MS    per-server connect and tools/list timeout (default 15000)
  --dev           serve with next dev (hot reload) behind the same gate
  --no-build      serve the existing build even if sources changed`;

function fail(message, code = 1) {
  console.error(message);
  process.exit(code);
}

function readOptions(argv, cwd) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        config: { type: "string", multiple: true, short: "c" },
        port: { type: "string", short: "p" },
        timeout: { type: "string" },
        dev: { type: "boolean" },
        "no-build": { type: "boolean" },
        demo: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      allowPositionals: false,
    });
  } catch (error) {
    fail(`${error.message}\n${USAGE}`, 2);
  }
  const { values } = parsed;
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const port = Number(values.port ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a whole number from 0 to 65535, got "${values.port}".`, 2);
  let timeoutMs;
  if (values.timeout !== undefined) {
    timeoutMs = Number(values.timeout);
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) fail(`--timeout must be a positive whole number of milliseconds, got "${values.timeout}".`, 2);
  }
  // Relative to where the user ran the command, not to the repo.
  const configs = (values.config ?? []).map((file) => resolve(cwd, file));
  for (const file of configs) if (!existsSync(file)) fail(`Config file not found: ${file}`, 2);
  if (values.demo && configs.length > 0) fail("--demo runs the demo fleet; leave out --config, or leave out --demo.", 2);
  return { port, timeoutMs, configs, demo: values.demo === true, dev: values.dev === true, noBuild: values["no-build"] === true };
}

/**
 * The configs to serve: those given; else the project's, found in `cwd` by the module the CLI uses
 * (lib/config/discover-configs.ts, from the CLI build), with which ones said on stderr; else none (the demo fleet).
 */
async function chooseConfigs(options, cwd) {
  if (options.configs.length > 0 || options.demo) return { files: options.configs, project: undefined };
  const built = await ensureCliBuild({ root: ROOT, log: (line) => console.error(line) });
  const { discoverConfigs, describeDiscovery } = await import(pathToFileURL(join(built, "discover-configs.mjs")).href);
  const found = discoverConfigs(cwd);
  for (const problem of found.problems) console.error(`warning: ${problem}`);
  console.error(describeDiscovery(found));
  return { files: found.files, project: found.files.length > 0 ? found.projectDir : undefined };
}

/** Newest mtime under a folder, ignoring tests (they are not part of the build). */
function newestMtime(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Why a build is needed, or null when the dist folder is current. */
export function buildReason(root = ROOT, distDir = process.env.NEXT_DIST_DIR || ".next") {
  const buildId = join(root, distDir, "BUILD_ID");
  if (!existsSync(buildId)) return `no build in ${distDir}`;
  const built = statSync(buildId).mtimeMs;
  for (const name of [...SOURCE_DIRS, ...SOURCE_FILES]) {
    if (newestMtime(join(root, name)) > built) return `${name} changed since the last build`;
  }
  return null;
}

/** Builds when needed. Asynchronous, so a stop signal during a long build still ends it (and us) at once. */
async function build(noBuild, shutdown) {
  const reason = buildReason();
  if (!reason) return;
  if (noBuild) {
    if (reason.startsWith("no build")) fail(`--no-build: ${reason}; run without --no-build once.`);
    return;
  }
  console.log(`Building MCP Fleet (${reason})...`);
  const child = spawn(process.execPath, [join(ROOT, "node_modules/next/dist/bin/next"), "build"], {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
    env: process.env,
  });
  shutdown.building = child;
  const { code, signal } = await new Promise((done) => child.once("exit", (exitCode, exitSignal) => done({ code: exitCode, signal: exitSignal })));
  shutdown.building = null;
  if (shutdown.stopping) return;
  if (code !== 0) fail(`The build failed (exit ${code ?? signal}); see the output above.`, code || 1);
}

function listen(server, port) {
  return new Promise((resolveListen, rejectListen) => {
    const onError = (error) => rejectListen(error);
    server.once("error", onError);
    server.listen(port, HOST, () => {
      server.off("error", onError);
      resolveListen(server.address().port);
    });
  });
}

function portBusyMessage(port) {
  return `Port ${port} on ${HOST} is in use (another MCP Fleet?): pass --port N to choose another.`;
}

function respond(res, verdict, method) {
  res.writeHead(verdict.status, verdict.headers);
  res.end(method === "HEAD" ? undefined : verdict.body);
}

/**
 * Starts the dashboard. `cwd` is where the user ran the command: `--config` paths and MCP_FLEET_DATA are
 * taken from it and configs looked for in it (npm moves to the checkout and says where it came from in INIT_CWD).
 */
export async function launch(argv = process.argv.slice(2), { cwd = process.env.INIT_CWD || process.cwd() } = {}) {
  const options = readOptions(argv, cwd);
  const token = process.env.MCP_FLEET_TOKEN || newToken();
  // The token lives only in this process's memory from here on: no child process inherits it.
  delete process.env.MCP_FLEET_TOKEN;
  // The terminal's environment, before Next and we change process.env: MCP servers get it as their client would give it.
  globalThis[SHELL_ENV_KEY] = Object.freeze({ ...process.env });
  // Where the user ran the command: servers of user-level configs start there, as their client would start them.
  process.env.MCP_FLEET_CWD = cwd;
  if (options.timeoutMs !== undefined) process.env.MCP_FLEET_TIMEOUT = String(options.timeoutMs);
  else delete process.env.MCP_FLEET_TIMEOUT;
  if (process.env.MCP_FLEET_DATA) process.env.MCP_FLEET_DATA = resolve(cwd, process.env.MCP_FLEET_DATA);
  process.env.MCP_FLEET_ROOT = ROOT;
  // Routes that spawn processes refuse to run unless this launcher (and so the gate) is in front of them.
  process.env.MCP_FLEET_GUARDED = "1";
  // Next's build and server (not the MCP servers: their environment was kept above) print no telemetry notice and send nothing.
  process.env.NEXT_TELEMETRY_DISABLED = "1";

  // Claim the port before a possibly long build, so a busy port is reported at once.
  let port = options.port;
  let handle = null;
  let upgrade = null;
  let ready;
  const waitReady = new Promise((resolveReady) => (ready = resolveReady));
  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    const verdict = decide(req, { token, port });
    if (verdict.action === "respond") return respond(res, verdict, req.method);
    waitReady.then(() => handle(req, res)).catch((error) => {
      console.error(`Request failed: ${error?.message ?? error}`);
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ code: "internal:server", message: "The server failed to answer; see the terminal." }));
    });
  });
  server.on("upgrade", (req, socket, head) => {
    // Only `next dev` uses upgrades (hot reload); the same gate applies.
    const verdict = decide(req, { token, port });
    if (verdict.action !== "next" || !upgrade) return socket.destroy();
    waitReady.then(() => upgrade(req, socket, head)).catch(() => socket.destroy());
  });
  try {
    port = await listen(server, port);
  } catch (error) {
    fail(error?.code === "EADDRINUSE" ? portBusyMessage(port) : `Cannot listen on ${HOST}:${port}: ${error?.message ?? error}`);
  }
  // From here on every way of stopping us ends the servers and frees the port, even mid-build.
  const shutdown = installShutdown(server);
  const configs = await chooseConfigs(options, cwd);
  if (shutdown.stopping) return;
  process.env.MCP_FLEET_CONFIG = JSON.stringify(configs.files);
  // Found, not given: the server reads ~/.claude.json for this project only, as discovery did.
  if (configs.project) process.env.MCP_FLEET_PROJECT = configs.project;
  else delete process.env.MCP_FLEET_PROJECT;

  process.chdir(ROOT);
  if (!options.dev) await build(options.noBuild, shutdown);
  if (shutdown.stopping) return;
  const { default: next } = await import("next");
  const app = next({ dev: options.dev, hostname: HOST, port, dir: ROOT });
  shutdown.app = app;
  await app.prepare();
  if (shutdown.stopping) return;
  handle = app.getRequestHandler();
  upgrade = options.dev ? app.getUpgradeHandler() : null;
  ready();

  console.log(`MCP Fleet ready: http://${HOST}:${port}/?token=${token}`);
  // Start connecting the fleet now rather than when the browser first asks (it is lazy by design).
  fetch(`http://${HOST}:${port}/api/fleet`, { headers: { authorization: `Bearer ${token}` } })
    .then((response) => response.body?.cancel())
    .catch(() => {});
}

/**
 * SIGINT (Ctrl-C), SIGTERM (`kill`, a process manager, npm passing one on) and SIGHUP (the terminal
 * closed) all stop the same way: close the fleet (every server's process group), close Next, free the
 * port, exit. Started by npm, we also stop when npm goes away without telling us (a SIGHUP or SIGKILL
 * to npm alone), since nobody would be left to stop us. The same signal twice in a moment is one stop;
 * a later one means "now".
 */
function installShutdown(server) {
  const shutdown = { stopping: false, app: null, building: null };
  let firstAt = 0;
  const stop = async (why) => {
    if (shutdown.stopping) {
      if (Date.now() - firstAt < REPEAT_WINDOW_MS) return;
      console.log(`${why} again: exiting now.`);
      process.exit(130);
    }
    shutdown.stopping = true;
    firstAt = Date.now();
    console.log(`\n${why}: closing the fleet...`);
    server.close();
    server.closeAllConnections?.();
    shutdown.building?.kill("SIGTERM");
    const closeFleet = globalThis[SHUTDOWN_KEY];
    try {
      if (typeof closeFleet === "function") {
        await Promise.race([closeFleet(), new Promise((r) => setTimeout(r, 10_000).unref())]);
      }
      if (shutdown.app) await Promise.race([shutdown.app.close(), new Promise((r) => setTimeout(r, 2_000).unref())]);
    } catch (error) {
      console.error(`Shutdown: ${error?.message ?? error}`);
    }
    process.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => void stop(signal));
  if (process.env.npm_lifecycle_event !== undefined) {
    const parent = process.ppid;
    setInterval(() => {
      if (process.ppid !== parent) void stop("npm exited");
    }, PARENT_CHECK_MS).unref();
  }
  return shutdown;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  launch().catch((error) => fail(`MCP Fleet failed to start: ${error?.stack ?? error}`));
}
