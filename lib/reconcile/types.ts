/**
 * The FleetSnapshot: the one JSON contract shared by the CLI (`fleet reconcile --json`,
 * `fleet snapshot --json`), the API (`GET /api/fleet`, `/api/events`) and the browser store.
 * Pure types only; see docs/fleet-snapshot.md.
 */
import type { CheckResult, Finding, FlattenInfo } from "../schema/types";

export type { CheckResult, CombinatorKeyword, Finding, FlattenInfo } from "../schema/types";

export type ServerStatus = "ready" | "error" | "connecting" | "disabled";

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  [key: string]: unknown;
}

/** A tool exactly as a server listed it (nothing is trusted: every field may be missing or wrong). */
export type RawTool = Record<string, unknown>;

/** The input of the reconciler: every server with its status and its raw tool list. */
export interface ServerToolList {
  id: string;
  /** Shown in description tags (`[Label] `); defaults to the id. */
  label?: string;
  status: ServerStatus;
  error?: string;
  tools: unknown[];
}

export interface SnapshotServer {
  id: string;
  label?: string;
  status: ServerStatus;
  error?: string;
  toolCount: number;
}

export interface SnapshotTool {
  serverId: string;
  originalName: string;
  /** null when excluded. */
  exposedName: string | null;
  /** `mcp__<serverId>__<originalName>`. */
  claudeCodeName: string;
  title?: string;
  annotations?: ToolAnnotations;
  /** Final: what a model would see (tag and flattening sentence included). */
  description: string;
  /** Final: what a model would see (flattened). */
  inputSchema: unknown;
  /** As received, for the side-by-side views. */
  originalDescription: string;
  originalInputSchema: unknown;
  /** SHA-256 hex of the canonical JSON of the inputSchema as received. */
  schemaHash: string;
  /** SHA-256 hex of the canonical JSON of the description string as received. */
  descriptionHash: string;
  /** SHA-256 hex of the canonical JSON of the annotations as received (null when there are none). */
  annotationsHash: string | null;
  flattened: FlattenInfo | null;
  renamed: { reasons: Finding[] } | null;
  excluded: { reasons: Finding[] } | null;
  warnings: Finding[];
  /** Every check that ran, pass or fail, for the detail view. */
  checks: CheckResult[];
}

export type CollisionKind = "identical" | "divergent";

export interface CollisionMember {
  serverId: string;
  exposedName: string | null;
  schemaHash: string;
}

export interface CollisionGroup {
  /** The shared original name. */
  name: string;
  kind: CollisionKind;
  members: CollisionMember[];
}

export interface ForwardEntry {
  serverId: string;
  originalName: string;
}

export interface FleetSnapshot {
  /** SHA-256 of the canonical JSON of the reconciled tool list: a prompt-cache key. */
  fleetHash: string;
  servers: SnapshotServer[];
  /** Ordered by exposed name (excluded tools last, by server and original name). */
  tools: SnapshotTool[];
  collisions: CollisionGroup[];
  /** exposedName -> where it goes. */
  forward: Record<string, ForwardEntry>;
  /** `<serverId>:<originalName>` -> exposedName. */
  reverse: Record<string, string>;
}
