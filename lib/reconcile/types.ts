/**
 * The FleetSnapshot: the one JSON contract shared by the CLI (`fleet reconcile --json`,
 * `fleet snapshot --json`), the API (`GET /api/fleet`, `/api/events`) and the browser store.
 * Pure types only; see DESIGN.md "Words" and "Reconciliation rules".
 */

export type ServerStatus = "ready" | "error" | "connecting" | "disabled";

/** A finding about a tool or a schema: a reason it was renamed or excluded, or a warning. */
export interface Finding {
  /** Stable machine code, e.g. `schema:property-name`, `name:too-long`, `spec:missing-input-schema`. */
  code: string;
  /** One sentence a user can act on. */
  message: string;
  /** JSON Pointer into the schema (`/properties/foo`) where it applies, when it does. */
  path?: string;
  /** A suggested fix, when there is one. */
  fix?: string;
}

/** One check of DESIGN.md rules 5 and 6, as shown in the tool detail view. */
export interface CheckResult {
  /** e.g. `spec`, `property-names`, `metaschema`, `flatten`, `claude-name`, `description-length`. */
  check: string;
  status: "pass" | "fail" | "warn" | "skipped";
  /** e.g. "metaschema check skipped: draft-07". */
  message: string;
}

export type CombinatorKeyword = "anyOf" | "oneOf" | "allOf";

export interface FlattenInfo {
  keyword: CombinatorKeyword;
  /** anyOf / oneOf only: the constraint the flat schema no longer expresses, in words. */
  lostConstraint?: string;
  /** The sentence put before the description, e.g. "Provide exactly one of: (id) or (key)." */
  sentence?: string;
}

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
