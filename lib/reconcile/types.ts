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
  /** The server's `instructions` from initialize, when it sent any (Codex shows them as the namespace description). */
  instructions?: string;
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
  /** `mcp__<serverId>__<originalName>`, both parts sanitized: the name Claude Code sends and its rules use. */
  claudeCodeName: string;
  title?: string;
  annotations?: ToolAnnotations;
  /** Final, as an Agent SDK host with our reconciler sends it (tag and flattening sentence included); see lib/clients for each client's own. */
  description: string;
  /** Final, as an Agent SDK host sends it (flattened the way Claude Code flattens). */
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
  /** The agent-sdk view's fleet hash: SHA-256 over the tool hashes of the exposed tools by exposed name (a prompt-cache key). */
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
