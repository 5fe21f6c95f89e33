/**
 * One live MCP server: connects over stdio, Streamable HTTP (falling back to
 * SSE on a 4xx, as the SDK docs suggest), SSE or WebSocket, reads the whole tool list leniently, re-lists
 * on `notifications/tools/list_changed` (at once, then debounced within a burst; the SDK's own refresh reads page 1 only: docs/platform.md), and says in words why it failed. It never throws at its caller: a failure is its status.
 */
import "server-only";
import { existsSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SseError, SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { WebSocketClientTransport } from "@modelcontextprotocol/sdk/client/websocket.js";
import type { Transport as SdkTransport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { redactServerConfig } from "@/lib/config/redact";
import type { RedactedServerConfig, ServerConfig, Transport } from "@/lib/config/types";
import type { ServerStatus, ServerToolList } from "@/lib/reconcile/types";
import { callToolOn, watchOutgoingCalls, type CallToolOptions, type SentCallIds, type ToolCallOutcome } from "./call-tool";
import { isConnectionClosed, isTimeout, messageOf, oneLine } from "./describe-error";
import { LineTail, secretScrubber } from "./line-tail";
import { listAllTools } from "./list-tools";
import { serverEnvironment, shellEnvironment } from "./server-env";
import { FleetStdioTransport } from "./stdio-transport";
import type { ServerDetails } from "./types";

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_DEBOUNCE_MS = 200;
/** During a list_changed storm (notifications that never pause), the list is still re-read this often. */
export const DEFAULT_MAX_REFRESH_WAIT_MS = 1_000;
const STDERR_LINES = 50;
/** How often stderr of a server that is still starting refreshes the state. */
const STDERR_CHANGE_MS = 1_000;
/** Lines of the stderr tail quoted in a crash message (all of them stay in `stderrTail`). */
const STDERR_IN_MESSAGE = 5;
const CLIENT_INFO = { name: "mcp-fleet", version: "0.1.0" };

export interface ConnectionOptions {
  timeoutMs?: number;
  debounceMs?: number;
  /** Longest wait for a re-list while list_changed keeps arriving. Default 1 s. */
  maxRefreshWaitMs?: number;
  /** The user's shell environment (server-env.ts); each client passes a part of it to stdio servers. Default: this process's. */
  shellEnv?: Record<string, string>;
  /** Where a stdio server without a `cwd` of its own starts. Default: this process's working directory. */
  workDir?: string;
  /** Called after every change worth a new snapshot (status, tools). */
  onChange?: () => void;
}

export class ServerConnection {
  readonly id: string;
  readonly config: ServerConfig;
  private readonly redacted: RedactedServerConfig;
  private readonly timeoutMs: number;
  private readonly debounceMs: number;
  private readonly maxRefreshWaitMs: number;
  private readonly shellEnv: Record<string, string>;
  private readonly workDir: string;
  private readonly onChange: () => void;
  private readonly scrub: (text: string) => string;
  private readonly stderr: LineTail;

  private status: ServerStatus;
  private error: string | undefined;
  private tools: unknown[] = [];
  private transportUsed: Transport;
  private protocolVersion: string | undefined;
  private serverInfo: ServerDetails["serverInfo"];
  private capabilities: Record<string, unknown> | undefined;
  private instructions: string | undefined;
  private connectMs: number | undefined;
  private listMs: number | undefined;
  private listedAt: string | undefined;
  private listCount = 0;

  private client: Client | undefined;
  private transport: SdkTransport | undefined;
  private sentCallIds: SentCallIds = new WeakMap();
  /** Set when the connection closed by itself: the words for it, once the exit code is known. */
  private closedWords: Promise<string> | undefined;
  private started: Promise<void> | undefined;
  private closed = false;
  private teardown: Promise<void> = Promise.resolve();
  private refreshTimer: NodeJS.Timeout | undefined;
  private stderrTimer: NodeJS.Timeout | undefined;
  /** When the first list_changed of a still-unanswered burst arrived. */
  private refreshWanted: number | undefined;
  /** When the last list_changed arrived: one less than `debounceMs` after it belongs to the same burst. */
  private lastChangeAt: number | undefined;
  /** list_changed notifications received, and how many of them a tools/list already started after. */
  private changesSeen = 0;
  private changesListed = 0;
  private listChain: Promise<void> = Promise.resolve();
  private queuedRefresh: Promise<void> | undefined;
  private changedWhileConnecting = false;
  private crashed = false;
  private readyAt: number | undefined;
  private failedAt: number | undefined;

  constructor(config: ServerConfig, opts: ConnectionOptions = {}) {
    this.id = config.id;
    this.config = config;
    this.redacted = redactServerConfig(config);
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.debounceMs = opts.debounceMs ?? DEFAULT_DEBOUNCE_MS;
    this.maxRefreshWaitMs = Math.max(opts.maxRefreshWaitMs ?? DEFAULT_MAX_REFRESH_WAIT_MS, this.debounceMs);
    this.shellEnv = opts.shellEnv ?? shellEnvironment(process.env);
    this.workDir = opts.workDir ?? process.cwd();
    this.onChange = opts.onChange ?? (() => {});
    this.scrub = secretScrubber(secretValues(config));
    this.stderr = new LineTail(STDERR_LINES, this.scrub);
    this.transportUsed = config.transport;
    if (!config.enabled) this.status = "disabled";
    else if (config.invalid) {
      this.status = "error";
      this.error = config.invalid;
    } else this.status = "connecting";
  }

  /** Connects and lists; resolves once the server is ready or failed (never rejects). Idempotent. */
  start(): Promise<void> {
    this.started ??= this.run();
    return this.started;
  }

  /** Re-reads the whole tool list of a ready server; a failure turns the server to error. */
  refresh(): Promise<void> {
    // One re-list waiting behind the running one is enough: later requests join it.
    if (this.queuedRefresh) return this.queuedRefresh;
    const run = this.listChain.then(() => {
      this.queuedRefresh = undefined;
      return this.relist();
    });
    this.queuedRefresh = run;
    this.listChain = run.catch(() => {});
    return run;
  }

  /** Ends the connection and the child process; waits until the process is gone. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.refreshTimer);
    clearTimeout(this.stderrTimer);
    await Promise.allSettled([this.teardown, this.shutdownTransport()]);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** The child's pid (stdio only), while it has one. */
  get pid(): number | undefined {
    return this.transport instanceof FleetStdioTransport ? this.transport.childPid : undefined;
  }

  /** The child's process group (stdio only) while anything in it may still run: what an abrupt exit must signal. */
  get processGroup(): number | undefined {
    return this.transport instanceof FleetStdioTransport ? this.transport.processGroup : undefined;
  }

  /**
   * Calls a tool by its original name (never throws): the outcome, or `unavailable` when the server is not
   * ready. A timeout or `opts.signal` cancels it on the server; the server dying meanwhile is the outcome
   * `closed` with the words its status gets.
   */
  async callTool(name: string, args: unknown, opts: CallToolOptions): Promise<ToolCallOutcome> {
    const client = this.client;
    if (this.status !== "ready" || !client || this.closed) {
      const state = this.status === "error" ? `failed${this.error ? ` (${this.error})` : ""}` : this.status === "ready" ? "closing" : this.status;
      return { kind: "unavailable", message: `server ${this.id} is ${state}` };
    }
    return callToolOn({ client, sentIds: this.sentCallIds, closedWords: () => this.closedWords ?? Promise.resolve(this.error ?? "the connection closed") }, name, args, opts);
  }

  get currentStatus(): ServerStatus {
    return this.status;
  }

  /** The failure in words while the status is error. */
  get currentError(): string | undefined {
    return this.status === "error" ? this.error : undefined;
  }

  /**
   * Whether the failure was a crash (the process exited, the connection dropped): worth trying again
   * by itself. A hang, garbage, a missing command or a bad config would fail the same way again.
   */
  get crashedOut(): boolean {
    return this.status === "error" && this.crashed;
  }

  /** How long the server had been ready when it failed (0 when it never was). */
  get readyForMs(): number {
    return this.readyAt === undefined ? 0 : (this.failedAt ?? performance.now()) - this.readyAt;
  }

  /** The per-server timeout this connection uses. */
  get timeout(): number {
    return this.timeoutMs;
  }

  /** Where a stdio server starts: its own `cwd` (lib/config resolves it per client), else the fleet's folder. */
  private workingDir(): string {
    return this.config.cwd ? path.resolve(this.workDir, this.config.cwd) : this.workDir;
  }

  toolList(): ServerToolList {
    return {
      id: this.id,
      ...(this.config.label ? { label: this.config.label } : {}),
      status: this.status,
      ...(this.error ? { error: this.error } : {}),
      ...(this.instructions !== undefined ? { instructions: this.instructions } : {}),
      // What a model would see: a server that is not ready contributes no tools.
      tools: this.status === "ready" ? this.tools : [],
    };
  }

  details(): ServerDetails {
    return {
      id: this.id,
      transport: this.transportUsed,
      status: this.status,
      ...(this.error ? { error: this.error } : {}),
      config: this.redacted,
      ...(this.protocolVersion ? { protocolVersion: this.protocolVersion } : {}),
      ...(this.serverInfo ? { serverInfo: this.serverInfo } : {}),
      ...(this.capabilities ? { capabilities: this.capabilities } : {}),
      ...(this.instructions !== undefined ? { instructions: this.instructions } : {}),
      ...(this.connectMs !== undefined ? { connectMs: this.connectMs } : {}),
      ...(this.listMs !== undefined ? { listMs: this.listMs } : {}),
      timeoutMs: this.timeoutMs,
      stderrTail: this.stderr.get(),
      ...(this.listedAt ? { listedAt: this.listedAt } : {}),
      listCount: this.listCount,
    };
  }

  private async run(): Promise<void> {
    if (this.status !== "connecting") return;
    const startedAt = performance.now();
    try {
      await this.connect();
    } catch (error) {
      await this.fail(error, "connect");
      return;
    }
    if (this.closed) return;
    this.connectMs = Math.round(performance.now() - startedAt);
    const client = this.client!;
    if (this.transport instanceof FleetStdioTransport) this.transport.stopInspectingStdout();
    const version = client.getServerVersion();
    if (version) this.serverInfo = pickServerInfo(version);
    this.capabilities = client.getServerCapabilities() as Record<string, unknown> | undefined;
    this.instructions = client.getInstructions();
    try {
      await this.listNow();
    } catch (error) {
      await this.fail(error, "list");
      return;
    }
    if (this.closed) return;
    this.status = "ready";
    this.readyAt = performance.now();
    this.onChange();
    if (this.changedWhileConnecting) this.scheduleRefresh();
  }

  private async connect(): Promise<void> {
    const { config } = this;
    switch (config.transport) {
      case "stdio": {
        if (!config.command) throw new Error("no command to start");
        const cwd = this.workingDir();
        if (!existsSync(cwd)) throw new Error(`the working directory ${cwd} does not exist`);
        const transport = new FleetStdioTransport({
          command: config.command,
          args: config.args ?? [],
          env: serverEnvironment(config.source.format, this.shellEnv, config.env, cwd),
          cwd,
        });
        transport.stderr.on("data", (chunk: Buffer) => this.onStderr(chunk));
        await this.connectWith(transport);
        return;
      }
      case "http": {
        const url = this.url();
        try {
          await this.connectWith(new StreamableHTTPClientTransport(url, { requestInit: { headers: config.headers ?? {} } }));
        } catch (error) {
          // An old server answers the Streamable HTTP POST with 4xx: try the SSE transport at the same URL.
          if (this.closed || !is4xx(error)) throw error;
          try {
            await this.connectWith(this.sseTransport(url));
            this.transportUsed = "sse";
          } catch (sseError) {
            throw new Error(`Streamable HTTP failed: ${this.describe(error, "connect")}; the SSE fallback failed: ${this.describe(sseError, "connect")}`);
          }
        }
        return;
      }
      case "sse":
        await this.connectWith(this.sseTransport(this.url()));
        return;
      case "ws": {
        if (typeof (globalThis as { WebSocket?: unknown }).WebSocket === "undefined") {
          throw new Error(`the ws transport needs a global WebSocket (Node 22 or later; this is Node ${process.versions.node})`);
        }
        await this.connectWith(new WebSocketClientTransport(this.url()));
        return;
      }
      default:
        throw new Error(`unknown transport ${JSON.stringify(config.transport)}`);
    }
  }

  /**
   * While a server is still starting, what it writes on stderr is the only sign of what it is doing
   * (an install in progress): the state shows it, at most once a second.
   */
  private onStderr(chunk: Buffer): void {
    this.stderr.push(chunk);
    if (this.status !== "connecting" || this.closed || this.stderrTimer) return;
    this.stderrTimer = setTimeout(() => {
      this.stderrTimer = undefined;
      if (this.status === "connecting" && !this.closed) this.onChange();
    }, STDERR_CHANGE_MS);
  }

  private url(): URL {
    if (!this.config.url) throw new Error("no url to connect to");
    try {
      return new URL(this.config.url);
    } catch {
      throw new Error("the url is not a valid URL");
    }
  }

  private sseTransport(url: URL): SSEClientTransport {
    return new SSEClientTransport(url, { requestInit: { headers: this.config.headers ?? {} } });
  }

  private async connectWith(transport: SdkTransport): Promise<void> {
    const client = new Client(CLIENT_INFO, { capabilities: {} });
    // Our own handler, and no `listChanged` client option: the SDK's auto refresh reads page 1 only.
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => this.onListChanged(client));
    client.onclose = () => void this.onClosed(client);
    client.onerror = () => {
      // Not fatal by itself (a stray stdout line, a dropped SSE stream); a real failure closes the transport.
    };
    const setProtocolVersion = transport.setProtocolVersion?.bind(transport);
    transport.setProtocolVersion = (version: string) => {
      this.protocolVersion = version;
      setProtocolVersion?.(version);
    };
    this.client = client;
    this.transport = transport;
    this.sentCallIds = watchOutgoingCalls(transport);
    let timer: NodeJS.Timeout | undefined;
    // The request timeout covers initialize; this one also covers starting the transport (an SSE GET that never opens).
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ConnectTimeout()), this.timeoutMs + 50);
    });
    try {
      await Promise.race([client.connect(transport, { timeout: this.timeoutMs }), deadline]);
    } catch (error) {
      if (this.client === client) this.teardown = this.closeClient(client, transport);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private async listNow(): Promise<void> {
    const client = this.client!;
    const startedAt = performance.now();
    // What this list reads is the list as of now: every notification received so far is answered by it.
    this.changesListed = this.changesSeen;
    // A server that does not declare `tools` has none (the spec; Claude Code does not ask either).
    const tools = client.getServerCapabilities()?.tools ? (await listAllTools(client, { timeoutMs: this.timeoutMs })).tools : [];
    if (this.closed) return;
    this.tools = tools;
    this.listMs = Math.round(performance.now() - startedAt);
    this.listCount += 1;
    this.listedAt = new Date().toISOString();
  }

  private async relist(): Promise<void> {
    if (this.closed || this.status !== "ready") return;
    try {
      await this.listNow();
    } catch (error) {
      if (this.closed || this.status !== "ready") return;
      await this.fail(error, "list");
      return;
    }
    if (!this.closed) this.onChange();
  }

  private onListChanged(client: Client): void {
    if (this.closed || client !== this.client) return;
    this.changesSeen += 1;
    if (this.status === "connecting") {
      this.changedWhileConnecting = true;
      return;
    }
    if (this.status === "ready") this.scheduleRefresh();
  }

  /**
   * Leading edge, then debounced: the first notification after a quiet spell re-lists at once (a single
   * change shows without a fixed wait). The rest of its burst is one more re-list after `debounceMs` of
   * quiet, none when a re-list already started after the last of them; a storm that never goes quiet
   * (hundreds a second) still gets a re-list every `maxRefreshWaitMs`, never one per notification.
   */
  private scheduleRefresh(): void {
    const now = performance.now();
    const quiet = this.lastChangeAt === undefined || now - this.lastChangeAt >= this.debounceMs;
    this.lastChangeAt = now;
    if (quiet && !this.refreshTimer) {
      this.refresh().catch(() => {});
      return;
    }
    this.refreshWanted ??= now;
    const wait = Math.max(0, Math.min(this.debounceMs, this.refreshWanted + this.maxRefreshWaitMs - now));
    clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = undefined;
      this.refreshWanted = undefined;
      if (this.changesSeen > this.changesListed) this.refresh().catch(() => {});
    }, wait);
  }

  /** The transport closed by itself (a crash, a dropped connection) after the server was ready. */
  private async onClosed(client: Client): Promise<void> {
    if (this.closed || client !== this.client || this.status !== "ready") return;
    // Mark it at once so nothing new is sent; the words follow when the exit code is known.
    this.status = "error";
    this.error = "the connection closed";
    this.crashed = true;
    this.failedAt = performance.now();
    clearTimeout(this.refreshTimer);
    this.closedWords = this.failureMessage(undefined, "closed");
    this.error = await this.closedWords;
    if (!this.closed) this.onChange();
    this.teardown = this.closeClient(client, this.transport);
  }

  private async fail(error: unknown, phase: "connect" | "list"): Promise<void> {
    if (this.closed) return;
    const message = await this.failureMessage(error, phase);
    if (this.closed) return;
    this.status = "error";
    this.error = message;
    const transport = this.transport;
    this.crashed = transport instanceof FleetStdioTransport ? transport.crashExit !== undefined : isConnectionClosed(error);
    this.failedAt = performance.now();
    clearTimeout(this.refreshTimer);
    this.onChange();
    const client = this.client;
    if (client) this.teardown = this.closeClient(client, this.transport);
  }

  private async failureMessage(error: unknown, phase: "connect" | "list" | "closed"): Promise<string> {
    const transport = this.transport;
    if (transport instanceof FleetStdioTransport) {
      // The exit event can trail the closed connection by a moment; a hang has no exit to wait for.
      const timedOut = isTimeout(error) || error instanceof ConnectTimeout;
      await transport.waitForExit(timedOut ? 0 : phase === "closed" || isConnectionClosed(error) ? 1_000 : 200);
      await new Promise((resolve) => setImmediate(resolve)); // let the piped stderr drain
      if (transport.protocolError) return this.scrub(`${transport.protocolError}${this.stderrHint()}`);
      const exit = transport.crashExit;
      if (exit) {
        const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
        const when = phase === "connect" ? " before answering initialize" : phase === "list" ? " while listing tools" : "";
        return this.scrub(`${how}${when}${this.stderrHint()}`);
      }
      if (phase === "connect" && transport.stdoutProblem) {
        const tail = timedOut ? `timed out after ${this.timeoutMs} ms` : messageOf(error);
        const { problem, line } = transport.stdoutProblem;
        return this.scrub(`wrote ${problem} on stdout, where only JSON-RPC belongs: ${JSON.stringify(line)}; no valid answer to initialize (${tail})`);
      }
      if (timedOut) {
        const activity = describeActivity({
          runner: packageRunner(this.config.command ?? "", this.config.args ?? []),
          wroteStdout: transport.wroteStdout,
          lastStderr: this.stderr.get().filter((line) => line.trim()).at(-1),
        });
        return this.scrub(`${this.describe(error, phase === "connect" ? "connect" : "list")}; ${activity}; ${timeoutAdvice(this.timeoutMs)}`);
      }
    }
    if (phase === "closed") return "the connection closed";
    if (isTimeout(error) || error instanceof ConnectTimeout || /timed out after/.test(messageOf(error))) {
      return this.scrub(`${this.describe(error, phase)}; ${timeoutAdvice(this.timeoutMs)}`);
    }
    return this.scrub(this.describe(error, phase));
  }

  private describe(error: unknown, phase: "connect" | "list"): string {
    if (isTimeout(error) || error instanceof ConnectTimeout) {
      return `timed out after ${this.timeoutMs} ms${phase === "connect" ? " waiting for initialize" : ""}`;
    }
    if (phase === "list") return messageOf(error); // ToolListError names the page already
    const code = (error as { code?: unknown } | null)?.code;
    if (this.config.transport === "stdio" && (code === "ENOENT" || code === "EACCES")) {
      return `could not start ${JSON.stringify(this.config.command)}: ${code === "ENOENT" ? "command not found" : "permission denied"}`;
    }
    if (isConnectionClosed(error)) return "the connection closed before initialize was answered";
    return describeHttpError(error) ?? messageOf(error);
  }

  private stderrHint(): string {
    const lines = this.stderr
      .get()
      .filter((line) => line.trim())
      .slice(-STDERR_IN_MESSAGE);
    return lines.length ? `; stderr: ${oneLine(lines.join(" | "), 800)}` : "";
  }

  private async shutdownTransport(): Promise<void> {
    const client = this.client;
    if (client) await this.closeClient(client, this.transport);
  }

  private async closeClient(client: Client, transport: SdkTransport | undefined): Promise<void> {
    if (transport instanceof StreamableHTTPClientTransport && transport.sessionId) {
      // Be polite to HTTP servers: end the session, but never wait long for it.
      await Promise.race([transport.terminateSession().catch(() => {}), new Promise((r) => setTimeout(r, 1_000).unref())]);
    }
    await client.close().catch(() => {});
    // After the connection closed by itself the client no longer holds its transport; what the server
    // left running in its process group must still be ended.
    if (transport instanceof FleetStdioTransport) await transport.close().catch(() => {});
  }
}

/** Commands that download a package before they run it (so a first start is slow and says nothing). */
const RUNNERS: Record<string, string[] | true> = { npx: true, pnpx: true, bunx: true, uvx: true, npm: ["exec", "x"], pnpm: ["dlx", "exec"], yarn: ["dlx"], bun: ["x"], pipx: ["run"] };

/** `npx`, `npm exec`, `pnpm dlx`, ... when the command is a package runner, else undefined. */
export function packageRunner(command: string, args: readonly string[]): string | undefined {
  const name = path.basename(command).replace(/\.(cmd|exe)$/i, "");
  const rule = RUNNERS[name];
  if (rule === true) return name;
  const sub = args.find((arg) => !arg.startsWith("-"));
  if (rule && sub !== undefined && rule.includes(sub)) return `${name} ${sub}`;
  return undefined;
}

/** What a stdio server was doing when its time ran out, for the timeout message. */
export function describeActivity(seen: { runner?: string; wroteStdout: boolean; lastStderr?: string }): string {
  const last = seen.lastStderr === undefined ? undefined : JSON.stringify(oneLine(seen.lastStderr, 200));
  if (seen.runner && !seen.wroteStdout) {
    return `${seen.runner} may still be installing the package (a first start downloads it${last ? `; last on stderr: ${last}` : ", silently"})`;
  }
  if (!seen.wroteStdout && !last) return "no output yet (nothing on stdout or stderr)";
  if (!seen.wroteStdout) return `nothing on stdout yet; last on stderr: ${last}`;
  return `it wrote to stdout but sent no answer${last ? `; last on stderr: ${last}` : ""}`;
}

/** How to give a slow server more time, with a suggested value. */
export function timeoutAdvice(timeoutMs: number): string {
  const suggested = Math.max(60_000, timeoutMs * 4);
  return `raise the timeout with --timeout ${suggested} (or Reconnect with a longer timeout)`;
}

/** `HTTP 404 (not found: ...)` from the SDK's HTTP and SSE errors, without their layered prefixes. */
function describeHttpError(error: unknown): string | undefined {
  const code = error instanceof StreamableHTTPError || error instanceof SseError ? error.code : undefined;
  if (typeof code !== "number" || code < 100) return undefined;
  const detail = oneLine(
    (error as Error).message
      .replace(/^(Streamable HTTP error|SSE error): /, "")
      .replace(/^Error POSTing to endpoint: /, "")
      .replace(new RegExp(`^Non-200 status code \\(${code}\\)$`), ""),
    300,
  );
  return detail ? `HTTP ${code} (${detail})` : `HTTP ${code}`;
}

function is4xx(error: unknown): boolean {
  const code = error instanceof StreamableHTTPError ? error.code : undefined;
  return code !== undefined && code >= 400 && code < 500;
}

class ConnectTimeout extends Error {
  constructor() {
    super("connect timed out");
  }
}

function pickServerInfo(version: { name: string; version: string; title?: string }): ServerDetails["serverInfo"] {
  return { name: version.name, version: version.version, ...(version.title ? { title: version.title } : {}) };
}

/** Every value that must never be shown: env and header values, the token part of `Bearer x`, URL query values. */
function secretValues(config: ServerConfig): string[] {
  const values = [...Object.values(config.env ?? {}), ...Object.values(config.headers ?? {})];
  for (const header of Object.values(config.headers ?? {})) {
    const space = header.lastIndexOf(" ");
    if (space > 0) values.push(header.slice(space + 1));
  }
  if (config.url) {
    try {
      for (const value of new URL(config.url).searchParams.values()) values.push(value);
    } catch {
      // an invalid URL has no parameters to hide
    }
  }
  return values;
}
