/**
 * The live fleet as the API serves it: the FleetSnapshot plus what only a live connection knows.
 * Types only: safe to import from the browser.
 */
import type { ConfigFinding, RedactedServerConfig, Transport } from "@/lib/config/types";
import type { FleetSnapshot, ServerStatus } from "@/lib/reconcile/types";

export interface ServerDetails {
  id: string;
  transport: Transport;
  status: ServerStatus;
  /** In words: exit code and stderr tail for a crash, "timed out after N ms" for a hang. */
  error?: string;
  config: RedactedServerConfig;
  protocolVersion?: string;
  serverInfo?: { name: string; version: string; title?: string };
  capabilities?: Record<string, unknown>;
  instructions?: string;
  /** Milliseconds from spawn/connect start to a finished `initialize`. */
  connectMs?: number;
  /** Milliseconds for the last complete (all pages) `tools/list`. */
  listMs?: number;
  /** The per-server timeout (connect and each tools/list request) this connection uses. */
  timeoutMs: number;
  /** Last lines the process wrote to stderr (stdio only). */
  stderrTail: string[];
  /** ISO time of the last complete tool list. */
  listedAt?: string;
  /** How many complete tool lists this connection has read (1 after connect, +1 per list_changed refresh). */
  listCount: number;
  /** After a crash the server is started again by itself, with a capped backoff: where that stands. */
  retry?: ServerRetry;
  /**
   * While a failed server is connecting again (a retry after a crash, Reconnect, Refresh): the error of
   * the attempt before, so what went wrong stays in view until the new attempt ends.
   */
  lastError?: string;
}

export interface ServerRetry {
  /** The attempt that is scheduled (or the last one made, once given up). */
  attempt: number;
  /** How many attempts a crash streak gets. */
  maxAttempts: number;
  /** ISO time of the next attempt; absent once given up. */
  nextAt?: string;
  /** The wait before that attempt: it doubles each time, up to a cap. */
  delayMs?: number;
  /** True when every attempt failed: Reconnect (or Refresh) tries again. */
  gaveUp?: boolean;
}

/** Something the fleet wants the user to know, pushed with the state: a config reload, a history problem. */
export interface FleetNotice {
  /** Increases with every notice, so a page shows each once. */
  id: number;
  /** ISO time. */
  time: string;
  tone: "good" | "bad";
  /** e.g. `config:reloaded`, `history:unavailable`, `history:recovered`. */
  code: string;
  message: string;
  /** The file the notice is about, when there is one. */
  file?: string;
}

export interface FleetState {
  /** Increases by one with every new snapshot. */
  version: number;
  /** ISO time this state was produced. */
  generatedAt: string;
  snapshot: FleetSnapshot;
  servers: ServerDetails[];
  findings: ConfigFinding[];
  /** The config files in use (empty for the demo fleet). */
  configFiles: string[];
  demo: boolean;
  /** No server is still connecting: every one is ready, failed, timed out or disabled. History and the lock record only such states. */
  settled: boolean;
  /** The latest notices, oldest first (a bounded list). */
  notices: FleetNotice[];
}
