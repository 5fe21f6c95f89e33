/**
 * The FleetManager: connects every configured server at once, keeps one reconciled
 * FleetState that is replaced whole on every change (never half-updated), announces it to
 * subscribers (bursts coalesced), and adds, removes, reconnects and refreshes servers at runtime.
 */
import "server-only";
import { performance } from "node:perf_hooks";
import type { ConfigFinding, LoadedConfig, ServerConfig } from "@/lib/config/types";
import { FleetError } from "@/lib/errors";
import { reconcile } from "@/lib/reconcile";
import { DEFAULT_DEBOUNCE_MS, DEFAULT_TIMEOUT_MS, ServerConnection } from "./connection";
import type { FleetState } from "./types";

export interface FleetManagerOptions {
  /** Per server, for connect and for each tools/list request. Default 15 s. */
  timeoutMs?: number;
  /** Quiet time after `notifications/tools/list_changed` before the re-list. Default 200 ms. */
  debounceMs?: number;
  /** Changes within this window are announced as one state. Default 25 ms. */
  coalesceMs?: number;
}

export type FleetListener = (state: FleetState) => void;

const LIVE = Symbol.for("mcp-fleet.live-managers");
type LiveGlobal = typeof globalThis & { [LIVE]?: Set<FleetManager> };

/** Every manager not yet closed in this process, so shutdown can end all their children. */
export function liveManagers(): FleetManager[] {
  return [...((globalThis as LiveGlobal)[LIVE] ?? [])];
}

export class FleetManager {
  private readonly timeoutMs: number;
  private readonly debounceMs: number;
  private readonly coalesceMs: number;
  /** In config order; the reconciler sorts, so this order only shows in `servers`. */
  private readonly connections = new Map<string, ServerConnection>();
  private readonly listeners = new Set<FleetListener>();
  private findings: ConfigFinding[] = [];
  private configFiles: string[] = [];
  private demo = false;
  private state: FleetState;
  private dirty = false;
  private announced = 0;
  private lastBuildMs = 0;
  private announceTimer: NodeJS.Timeout | undefined;
  private started = false;
  private closed = false;
  private closing: Promise<void> | undefined;

  constructor(opts: FleetManagerOptions = {}) {
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.debounceMs = opts.debounceMs ?? DEFAULT_DEBOUNCE_MS;
    this.coalesceMs = opts.coalesceMs ?? 25;
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

  /** Called with every new state (coalesced); returns the unsubscribe function. */
  subscribe(listener: FleetListener): () => void {
    this.listeners.add(listener);
    // Changes made while nobody listened are announced to the newcomer too.
    if (this.dirty) this.changed();
    return () => {
      this.listeners.delete(listener);
    };
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
    this.changed();
    await connection.close();
  }

  /** Closes the server's connection and connects again with the same config; resolves when ready or failed. */
  async reconnect(id: string): Promise<void> {
    this.assertOpen();
    const old = this.get(id);
    const fresh = this.connection(old.config);
    // Swap first so the state never shows the old connection's stale tools next to the new one.
    this.connections.set(id, fresh);
    this.changed();
    await old.close();
    if (this.connections.get(id) !== fresh || fresh.isClosed) return;
    await fresh.start();
  }

  /** Re-reads the tool lists of one server (FleetError not_found / conflict when it is not ready) or of every ready server. */
  async refresh(id?: string): Promise<void> {
    this.assertOpen();
    if (id !== undefined) {
      const connection = this.get(id);
      const status = connection.details().status;
      if (status !== "ready") {
        throw new FleetError("conflict", "refresh", `server "${id}" is ${status}, not ready: reconnect it instead`);
      }
      await connection.refresh();
      return;
    }
    await Promise.all(
      [...this.connections.values()].filter((c) => c.details().status === "ready").map((c) => c.refresh()),
    );
  }

  /** The pids of every live child process (stdio servers), for shutdown checks. */
  childPids(): number[] {
    return [...this.connections.values()].map((c) => c.pid).filter((pid): pid is number => pid !== undefined);
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
    this.listeners.clear();
    await Promise.allSettled([...this.connections.values()].map((c) => c.close()));
    (globalThis as LiveGlobal)[LIVE]?.delete(this);
  }

  private connection(config: ServerConfig): ServerConnection {
    const connection: ServerConnection = new ServerConnection(config, {
      timeoutMs: this.timeoutMs,
      debounceMs: this.debounceMs,
      // A connection replaced by reconnect or removed may still report; only current ones count.
      onChange: () => {
        if (this.connections.get(config.id) === connection) this.changed();
      },
    });
    return connection;
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
    // Nobody listening: the state is built lazily by getState(), not on every change.
    if (this.listeners.size === 0 || this.announceTimer) return;
    // Reconciling a big fleet takes a while; never spend more than about a third of the time doing it.
    const wait = Math.max(this.coalesceMs, 2 * this.lastBuildMs);
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
    this.lastBuildMs = performance.now() - started;
  }

  private build(version: number): FleetState {
    const connections = [...this.connections.values()];
    return {
      version,
      generatedAt: new Date().toISOString(),
      snapshot: reconcile(connections.map((c) => c.toolList())),
      servers: connections.map((c) => c.details()),
      findings: this.findings,
      configFiles: this.configFiles,
      demo: this.demo,
    };
  }
}
