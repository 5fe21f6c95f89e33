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
  /** Last lines the process wrote to stderr (stdio only). */
  stderrTail: string[];
  /** ISO time of the last complete tool list. */
  listedAt?: string;
  /** How many complete tool lists this connection has read (1 after connect, +1 per list_changed refresh). */
  listCount: number;
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
}
