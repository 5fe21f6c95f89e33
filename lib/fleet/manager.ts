/**
 * The FleetManager: connects every configured server at once, keeps one reconciled
 * FleetState that is replaced whole on every change (never half-updated), announces it to
 * subscribers (bursts coalesced), and adds, removes, reconnects and refreshes servers at runtime.
 * A server that crashes is started again by itself with a capped backoff; a config file that changes
 * is applied server by server; whether every server has settled is part of the state, because
 * history and the lock record settled fleets only (a fleet still connecting is not drift).
 */
import "server-only";
import { performance } from "node:perf_hooks";
import type { ConfigFinding, LoadedConfig, ServerConfig } from "@/lib/config/types";
import { FleetError } from "@/lib/errors";
import { FleetModel, viewsOf, type ClientSettings } from "@/lib/clients";
import type { ServerToolList } from "@/lib/reconcile/types";
import { announceDelay } from "./announce-delay";
import type { CallToolOptions, ToolCallOutcome } from "./call-tool";
import { DEFAULT_DEBOUNCE_MS, DEFAULT_TIMEOUT_MS, ServerConnection } from "./connection";
import { installNativeSha256 } from "./native-sha256";
import { shellEnvironment } from "./server-env";
import type { FleetNotice, FleetState, ServerDetails } from "./types";

export interface RetryPolicy {
  /** Attempts after a crash before giving up (0: never retry). Default 5. */
  attempts: number;
  /** Delay before the first attempt; it doubles each time. Default 1 s. */
  baseMs: number;
  /** The delay never grows past this. Default 30 s. */
  maxMs: number;
  /** A server ready at least this long before it crashed starts a new streak. Default 60 s. */
  stableMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 5, baseMs: 1_000, maxMs: 30_000, stableMs: 60_000 };

export interface FleetManagerOptions {
  /** Per server, for connect and for each tools/list request. Default 15 s. */
  timeoutMs?: number;
  /** Within a burst of `notifications/tools/list_changed` (the first re-lists at once), the quiet time before the next re-list. Default 200 ms. */
  debounceMs?: number;
  /** Longest wait for a re-list while list_changed keeps arriving. Default 1 s. */
  maxRefreshWaitMs?: number;
  /** The first change after this long a quiet spell is announced at once; the rest of its burst, as one state this long after. Default 25 ms. */
  coalesceMs?: number;
  /** The user's shell environment, which each client passes (a part of) to its stdio servers. Default: this process's. */
  shellEnv?: Record<string, string>;
  /** Where a stdio server without a folder of its own starts (the project folder). Default: this process's. */
  workDir?: string;
  /** Restarting crashed servers. */
  retry?: Partial<RetryPolicy>;
  /** Each client's own settings (deny rules, enabled / disabled tools) that shape its view. */
  clientSettings?: ClientSettings;
}

/** What a config reload changed, by server id. */
export interface ConfigChange {
  added: string[];
  removed: string[];
  changed: string[];
}

export type FleetListener = (state: FleetState) => void;

const LIVE = Symbol.for("mcp-fleet.live-managers");
type LiveGlobal = typeof globalThis & { [LIVE]?: Set<FleetManager> };
const MAX_NOTICES = 20;

/** Every manager not yet closed in this process, so shutdown can end all their children. */
export function liveManagers(): FleetManager[] {
  return [...((globalThis as LiveGlobal)[LIVE] ?? [])];
}

interface RetryState {
  attempt: number;
  timer?: NodeJS.Timeout;
  nextAt?: string;
  delayMs?: number;
  gaveUp?: boolean;
}

export class FleetManager {
  private readonly timeoutMs: number;
  private readonly debounceMs: number;
  private readonly maxRefreshWaitMs: number | undefined;
  private readonly coalesceMs: number;
  private readonly shellEnv: Record<string, string>;
  private readonly workDir: string | undefined;
  private readonly retryPolicy: RetryPolicy;
  private clientSettings: ClientSettings;
  /** In config order; the reconciler sorts, so this order only shows in `servers`. */
  private readonly connections = new Map<string, ServerConnection>();
  private readonly retries = new Map<string, RetryState>();
  /** The error of a failed connection that was replaced to try again, shown while its successor connects. */
  private readonly lastErrors = new Map<string, string>();
  private readonly listeners = new Set<FleetListener>();
  private settledWaiters: (() => void)[] = [];
  private findings: ConfigFinding[] = [];
  private configFiles: string[] = [];
  private notices: FleetNotice[] = [];
  private noticeId = 0;
  private demo = false;
  private state: FleetState;
  private lists: ServerToolList[] = [];
  /** Reconciles incrementally: a rebuild analyses only the tools of servers whose list changed. */
  private readonly model = new FleetModel();
  private dirty = false;
  private announced = 0;
  private lastBuildMs = 0;
  private lastBuiltAt = 0;
  private lastChangeAt = -Infinity;
  private announceTimer: NodeJS.Timeout | undefined;
  private started = false;
  private closed = false;
  private closing: Promise<void> | undefined;

  constructor(opts: FleetManagerOptions = {}) {
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.debounceMs = opts.debounceMs ?? DEFAULT_DEBOUNCE_MS;
    this.maxRefreshWaitMs = opts.maxRefreshWaitMs;
    this.coalesceMs = opts.coalesceMs ?? 25;
    this.shellEnv = opts.shellEnv ?? shellEnvironment(process.env);
    this.workDir = opts.workDir;
    this.retryPolicy = { ...DEFAULT_RETRY, ...opts.retry };
    this.clientSettings = opts.clientSettings ?? {};
    // Every hash of the fleet is computed here, on the server: hand the core Node's native SHA-256.
    installNativeSha256();
    this.state = this.build(0);
    const g = globalThis as LiveGlobal;
    (g[LIVE] ??= new Set()).add(this);
  }

  /** Connects every server concurrently; resolves when each is ready or failed. Call once. */
  async start(loaded: LoadedConfig, opts: { demo?: boolean } = {}): Promise<void> {
    this.assertOpen();
    if (this.started) throw new FleetError("conflict", "fleet", "the fleet is already started");
    this.started = true;
    this.findings = [...loaded.findings];
    this.configFiles = [...loaded.files];
    this.demo = opts.demo ?? (loaded.servers.length > 0 && loaded.servers.every((s) => s.source.format === "demo"));
    for (const config of loaded.servers) {
      if (this.connections.has(config.id)) {
        // lib/config should not hand us duplicates; if it does, the first definition wins, visibly.
        this.findings.push({
          severity: "warning",
          code: "config:duplicate-server",
          message: `server "${config.id}" is defined again in ${config.source.file}; the first definition is used`,
          file: config.source.file,
          serverId: config.id,
        });
        continue;
      }
      this.connections.set(config.id, this.connection(config));
    }
    this.changed();
    await Promise.all([...this.connections.values()].map((c) => c.start()));
  }

  /** The current state; always complete and consistent (built whole, then swapped in). */
  getState(): FleetState {
    if (this.dirty) {
      this.rebuild();
      // A state someone has read (say /api/fleet showing a server ready) must reach the subscribers
      // too, even when a newer change lands before the coalesced announcement: otherwise the history
      // never records it (a lost baseline) and the page never shows what the API already did.
      if (this.listeners.size > 0) {
        const state = this.state;
        queueMicrotask(() => this.announceState(state));
      }
    }
    return this.state;
  }

  /** The raw tool lists the current state was made from: what a cost or a profile (lib/cost, lib/profiles) is built on. */
  toolLists(): ServerToolList[] {
    this.getState();
    return this.lists;
  }

  /** Called with every new state (coalesced); returns the unsubscribe function. */
  subscribe(listener: FleetListener): () => void {
    this.listeners.add(listener);
    // Changes made while nobody listened are announced to the newcomer too.
    if (this.dirty) this.changed();
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** True when no server is still connecting. */
  isSettled(): boolean {
    for (const connection of this.connections.values()) if (connection.currentStatus === "connecting") return false;
    return true;
  }

  /** Resolves once no server is connecting (each connection's own timeout bounds the wait), or the manager closes. */
  whenSettled(): Promise<void> {
    if (this.closed || this.isSettled()) return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.push(resolve));
  }

  /** Adds a server at runtime; resolves when it is ready or failed. FleetError conflict when the id exists. */
  async register(config: ServerConfig): Promise<void> {
    this.assertOpen();
    if (this.connections.has(config.id)) {
      throw new FleetError("conflict", "servers", `a server with the id "${config.id}" already exists`);
    }
    const connection = this.connection(config);
    this.connections.set(config.id, connection);
    this.changed();
    await connection.start();
  }

  /** Removes a server and ends its process. FleetError not_found when the id is unknown. */
  async unregister(id: string): Promise<void> {
    this.assertOpen();
    const connection = this.get(id);
    this.connections.delete(id);
    this.clearRetry(id);
    this.lastErrors.delete(id);
    this.changed();
    await connection.close();
  }

  /**
   * Closes the server's connection and connects again; resolves when ready or failed. The timeout is
   * `timeoutMs` when given (a slow first start), else the one the server had. Starts a new retry streak.
   */
  async reconnect(id: string, opts: { timeoutMs?: number } = {}): Promise<void> {
    this.assertOpen();
    const old = this.get(id);
    this.clearRetry(id);
    this.keepLastError(id, old);
    await this.replace(id, old.config, opts.timeoutMs ?? old.timeout);
  }

  /**
   * Re-reads the tool lists of every ready server and connects failed ones again (a Refresh after a
   * slow first start). With an id: that server only (FleetError not_found when unknown; a disabled
   * server is a conflict).
   */
  async refresh(id?: string): Promise<void> {
    this.assertOpen();
    if (id !== undefined) {
      const connection = this.get(id);
      const status = connection.currentStatus;
      if (status === "disabled") throw new FleetError("conflict", "refresh", `server "${id}" is disabled in its config`);
      if (status === "error") return this.retryNow(id, connection);
      await connection.refresh();
      return;
    }
    await Promise.all(
      [...this.connections.entries()].map(([serverId, connection]) => {
        if (connection.currentStatus === "ready") return connection.refresh();
        if (connection.currentStatus === "error") return this.retryNow(serverId, connection);
        return undefined;
      }),
    );
  }

  /**
   * Applies a re-read config: servers gone from it are ended, new ones started, changed ones started
   * again with their new entry; servers added in the dashboard stay. Returns what changed.
   */
  async applyConfig(loaded: LoadedConfig): Promise<ConfigChange> {
    this.assertOpen();
    const change: ConfigChange = { added: [], removed: [], changed: [] };
    const next = new Map<string, ServerConfig>();
    for (const config of loaded.servers) if (!next.has(config.id)) next.set(config.id, config);
    const work: Promise<void>[] = [];
    for (const [id, connection] of [...this.connections]) {
      if (connection.config.source.format === "runtime") continue;
      const fresh = next.get(id);
      if (!fresh) {
        change.removed.push(id);
        work.push(this.unregister(id));
      } else if (configKey(fresh) !== configKey(connection.config)) {
        change.changed.push(id);
        this.clearRetry(id);
        // A new entry starts afresh: the old entry's error says nothing about it.
        this.lastErrors.delete(id);
        work.push(this.replace(id, fresh, connection.timeout));
      }
    }
    for (const [id, config] of next) {
      if (this.connections.has(id)) continue;
      change.added.push(id);
      work.push(this.register(config));
    }
    this.findings = [...loaded.findings];
    this.configFiles = [...loaded.files];
    this.changed();
    await Promise.all(work);
    return change;
  }

  /** New client settings (a settings file or config changed): the views are made again with them. */
  setClientSettings(settings: ClientSettings): void {
    this.clientSettings = settings;
    this.changed();
  }

  /**
   * Calls a tool of one server by its original name on the live connection (lib/fleet/call-tool.ts: every
   * ending is an outcome). A server that dies mid-call shows it in its status and is started again like
   * any crash; the other servers are not touched. FleetError not_found when the id is unknown.
   */
  callTool(serverId: string, name: string, args: unknown, opts: CallToolOptions): Promise<ToolCallOutcome> {
    this.assertOpen();
    return this.get(serverId).callTool(name, args, opts);
  }

  /** Tells the user something through the state (a config reload, a history problem). */
  notify(notice: Omit<FleetNotice, "id" | "time">): FleetNotice {
    const full: FleetNotice = { ...notice, id: ++this.noticeId, time: new Date().toISOString() };
    this.notices = [...this.notices, full].slice(-MAX_NOTICES);
    this.changed();
    return full;
  }

  /** The pids of every live child process (stdio servers), for shutdown checks. */
  childPids(): number[] {
    return [...this.connections.values()].map((c) => c.pid).filter((pid): pid is number => pid !== undefined);
  }

  /** The process group of every stdio server that may still have a process: what an abrupt exit must signal. */
  processGroups(): number[] {
    return [...this.connections.values()].map((c) => c.processGroup).filter((pgid): pgid is number => pgid !== undefined);
  }

  /** Ends every connection and child process; waits until they are gone. Idempotent. */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  private async shutdown(): Promise<void> {
    this.closed = true;
    clearTimeout(this.announceTimer);
    for (const id of [...this.retries.keys()]) this.clearRetry(id);
    this.listeners.clear();
    for (const resolve of this.settledWaiters.splice(0)) resolve();
    await Promise.allSettled([...this.connections.values()].map((c) => c.close()));
    (globalThis as LiveGlobal)[LIVE]?.delete(this);
  }

  private connection(config: ServerConfig, timeoutMs = this.timeoutMs): ServerConnection {
    const connection: ServerConnection = new ServerConnection(config, {
      timeoutMs,
      debounceMs: this.debounceMs,
      ...(this.maxRefreshWaitMs !== undefined ? { maxRefreshWaitMs: this.maxRefreshWaitMs } : {}),
      shellEnv: this.shellEnv,
      ...(this.workDir !== undefined ? { workDir: this.workDir } : {}),
      // A connection replaced by reconnect or removed may still report; only current ones count.
      onChange: () => {
        if (this.connections.get(config.id) !== connection) return;
        this.afterChange(config.id, connection);
        this.changed();
      },
    });
    return connection;
  }

  /** Swaps in a fresh connection for `id` and starts it; the old one is closed first. */
  private async replace(id: string, config: ServerConfig, timeoutMs: number): Promise<void> {
    const old = this.connections.get(id);
    const fresh = this.connection(config, timeoutMs);
    // Swap first so the state never shows the old connection's stale tools next to the new one.
    this.connections.set(id, fresh);
    this.changed();
    await old?.close();
    if (this.connections.get(id) !== fresh || fresh.isClosed || this.closed) return;
    await fresh.start();
  }

  /** A Refresh of a failed server: a new streak, started now. */
  private retryNow(id: string, connection: ServerConnection): Promise<void> {
    this.clearRetry(id);
    this.keepLastError(id, connection);
    return this.replace(id, connection.config, connection.timeout);
  }

  /** After a status change: a crash schedules the next attempt; ready ends a streak's timer. */
  private afterChange(id: string, connection: ServerConnection): void {
    if (connection.currentStatus !== "connecting") this.lastErrors.delete(id);
    if (connection.currentStatus === "ready") {
      const retry = this.retries.get(id);
      if (retry?.timer) clearTimeout(retry.timer);
      if (retry) this.retries.set(id, { attempt: retry.attempt });
      return;
    }
    if (!connection.crashedOut || this.closed) return;
    const policy = this.retryPolicy;
    const previous = this.retries.get(id);
    if (previous?.timer) return; // already scheduled
    // A server that stayed up for a good while starts a new streak; one that keeps crashing does not.
    const streak = previous && connection.readyForMs < policy.stableMs ? previous.attempt : 0;
    const attempt = streak + 1;
    if (attempt > policy.attempts) {
      if (policy.attempts > 0) this.retries.set(id, { attempt: streak, gaveUp: true });
      return;
    }
    const delay = Math.min(policy.baseMs * 2 ** (attempt - 1), policy.maxMs);
    const state: RetryState = { attempt, delayMs: delay, nextAt: new Date(Date.now() + delay).toISOString() };
    state.timer = setTimeout(() => {
      state.timer = undefined;
      if (this.closed || this.connections.get(id) !== connection || connection.currentStatus !== "error") return;
      this.retries.set(id, { attempt });
      this.keepLastError(id, connection);
      void this.replace(id, connection.config, connection.timeout);
    }, delay);
    state.timer.unref?.();
    this.retries.set(id, state);
  }

  /** Before a failed connection is replaced to try again: remember its error for while the next one connects. */
  private keepLastError(id: string, connection: ServerConnection): void {
    const error = connection.currentError;
    if (error !== undefined) this.lastErrors.set(id, error);
    else this.lastErrors.delete(id);
  }

  private clearRetry(id: string): void {
    const retry = this.retries.get(id);
    if (retry?.timer) clearTimeout(retry.timer);
    this.retries.delete(id);
  }

  private get(id: string): ServerConnection {
    const connection = this.connections.get(id);
    if (!connection) throw new FleetError("not_found", "servers", `no server with the id "${id}"`);
    return connection;
  }

  private assertOpen(): void {
    if (this.closed) throw new FleetError("unavailable", "fleet", "the fleet manager is closed");
  }

  private changed(): void {
    if (this.closed) return;
    this.dirty = true;
    if (this.settledWaiters.length > 0 && this.isSettled()) for (const resolve of this.settledWaiters.splice(0)) resolve();
    const now = performance.now();
    const lastChangeAt = this.lastChangeAt;
    this.lastChangeAt = now;
    // Nobody listening: the state is built lazily by getState(), not on every change.
    if (this.listeners.size === 0 || this.announceTimer) return;
    // Even "at once" is a timer: changes made in the same turn (a status and a list) go out as one state.
    const wait = announceDelay({ now, lastChangeAt, coalesceMs: this.coalesceMs, lastBuiltAt: this.lastBuiltAt, lastBuildMs: this.lastBuildMs });
    this.announceTimer = setTimeout(() => {
      this.announceTimer = undefined;
      this.announce();
    }, wait);
  }

  private announce(): void {
    if (this.closed || this.listeners.size === 0) return;
    this.announceState(this.getState());
  }

  /** Announces `state` unless it, or a newer one, already went out (states go out in version order). */
  private announceState(state: FleetState): void {
    if (this.closed || this.listeners.size === 0) return;
    if (state.version <= this.announced) return;
    this.announced = state.version;
    for (const listener of [...this.listeners]) {
      try {
        listener(state);
      } catch {
        // One broken subscriber must not stop the others or the manager.
      }
    }
  }

  private rebuild(): void {
    this.dirty = false;
    const started = performance.now();
    this.state = this.build(this.state.version + 1);
    this.lastBuiltAt = performance.now();
    this.lastBuildMs = this.lastBuiltAt - started;
  }

  private build(version: number): FleetState {
    const connections = [...this.connections.values()];
    this.lists = connections.map((c) => c.toolList());
    // One computation for the snapshot and every client's view, each view made with its client's
    // settings when first read (the page index reads all four; the CLI's snapshot none).
    const result = this.model.update(this.lists, this.clientSettings);
    return {
      version,
      generatedAt: new Date().toISOString(),
      snapshot: result.snapshot,
      views: viewsOf(result),
      servers: connections.map((c) => this.details(c)),
      findings: this.findings,
      configFiles: this.configFiles,
      demo: this.demo,
      settled: this.isSettled(),
      notices: this.notices,
    };
  }

  private details(connection: ServerConnection): ServerDetails {
    const lastError = connection.currentStatus === "connecting" ? this.lastErrors.get(connection.id) : undefined;
    const details = lastError === undefined ? connection.details() : { ...connection.details(), lastError };
    const retry = this.retries.get(connection.id);
    if (!retry || details.status === "ready" || (!retry.timer && !retry.gaveUp && details.status !== "connecting")) return details;
    const max = this.retryPolicy.attempts;
    if (retry.gaveUp) return { ...details, retry: { attempt: retry.attempt, maxAttempts: max, gaveUp: true } };
    const scheduled = retry.timer && retry.nextAt ? { nextAt: retry.nextAt, delayMs: retry.delayMs } : {};
    return { ...details, retry: { attempt: retry.attempt, maxAttempts: max, ...scheduled } };
  }
}

/** What makes two entries start the same process (or reach the same URL): not where in the file they sit. */
function configKey(config: ServerConfig): string {
  const { id, label, transport, command, args, env, cwd, url, headers, enabled, invalid } = config;
  return JSON.stringify({ id, label, transport, command, args, env, cwd, url, headers, enabled, invalid, format: config.source.format });
}
