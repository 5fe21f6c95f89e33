/**
 * One live MCP server: connects over stdio, Streamable HTTP (falling back to
 * SSE on a 4xx, as the SDK docs suggest), SSE or WebSocket, reads the whole tool list leniently, re-lists
 * on `notifications/tools/list_changed` (debounced; the SDK's own refresh reads page 1 only: docs/platform.md), and says in words why it failed. It never throws at its caller: a failure is its status.
 */
import "server-only";
import { existsSync } from "node:fs";
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
import { isConnectionClosed, isTimeout, messageOf, oneLine } from "./describe-error";
import { LineTail, secretScrubber } from "./line-tail";
import { listAllTools } from "./list-tools";
import { FleetStdioTransport } from "./stdio-transport";
import type { ServerDetails } from "./types";

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_DEBOUNCE_MS = 200;
const STDERR_LINES = 50;
/** Lines of the stderr tail quoted in a crash message (all of them stay in `stderrTail`). */
const STDERR_IN_MESSAGE = 5;
const CLIENT_INFO = { name: "mcp-fleet", version: "0.1.0" };

export interface ConnectionOptions {
  timeoutMs?: number;
  debounceMs?: number;
  /** Called after every change worth a new snapshot (status, tools). */
  onChange?: () => void;
}

export class ServerConnection {
  readonly id: string;
  readonly config: ServerConfig;
  private readonly redacted: RedactedServerConfig;
  private readonly timeoutMs: number;
  private readonly debounceMs: number;
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
  private started: Promise<void> | undefined;
  private closed = false;
  private teardown: Promise<void> = Promise.resolve();
  private refreshTimer: NodeJS.Timeout | undefined;
  private listChain: Promise<void> = Promise.resolve();
  private changedWhileConnecting = false;

  constructor(config: ServerConfig, opts: ConnectionOptions = {}) {
    this.id = config.id;
    this.config = config;
    this.redacted = redactServerConfig(config);
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.debounceMs = opts.debounceMs ?? DEFAULT_DEBOUNCE_MS;
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
    const run = this.listChain.then(() => this.relist());
    this.listChain = run.catch(() => {});
    return run;
  }

  /** Ends the connection and the child process; waits until the process is gone. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.refreshTimer);
    await Promise.allSettled([this.teardown, this.shutdownTransport()]);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** The child's pid (stdio only), while it has one. */
  get pid(): number | undefined {
    return this.transport instanceof FleetStdioTransport ? this.transport.childPid : undefined;
  }

  toolList(): ServerToolList {
    return {
      id: this.id,
      ...(this.config.label ? { label: this.config.label } : {}),
      status: this.status,
      ...(this.error ? { error: this.error } : {}),
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
    this.onChange();
    if (this.changedWhileConnecting) this.scheduleRefresh();
  }

  private async connect(): Promise<void> {
    const { config } = this;
    switch (config.transport) {
      case "stdio": {
        if (!config.command) throw new Error("no command to start");
        if (config.cwd && !existsSync(config.cwd)) throw new Error(`the working directory ${config.cwd} does not exist`);
        const transport = new FleetStdioTransport({
          command: config.command,
          args: config.args ?? [],
          // The SDK merges this over getDefaultEnvironment() (HOME, PATH, ...), as Claude Code does.
          env: config.env ?? {},
          ...(config.cwd ? { cwd: config.cwd } : {}),
          stderr: "pipe",
        });
        transport.stderr?.on("data", (chunk: Buffer) => this.stderr.push(chunk));
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
    if (this.status === "connecting") {
      this.changedWhileConnecting = true;
      return;
    }
    if (this.status === "ready") this.scheduleRefresh();
  }

  private scheduleRefresh(): void {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = undefined;
      this.refresh().catch(() => {});
    }, this.debounceMs);
  }

  /** The transport closed by itself (a crash, a dropped connection) after the server was ready. */
  private async onClosed(client: Client): Promise<void> {
    if (this.closed || client !== this.client || this.status !== "ready") return;
    // Mark it at once so nothing new is sent; the words follow when the exit code is known.
    this.status = "error";
    this.error = "the connection closed";
    clearTimeout(this.refreshTimer);
    this.error = await this.failureMessage(undefined, "closed");
    if (!this.closed) this.onChange();
    this.teardown = this.closeClient(client, this.transport);
  }

  private async fail(error: unknown, phase: "connect" | "list"): Promise<void> {
    if (this.closed) return;
    const message = await this.failureMessage(error, phase);
    if (this.closed) return;
    this.status = "error";
    this.error = message;
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
    }
    if (phase === "closed") return "the connection closed";
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
  }
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
