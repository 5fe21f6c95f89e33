/**
 * The history contract: observations of a server's tool list, drift events derived from
 * consecutive observations, tool versions and the review queue. Types only: safe in the browser.
 */
import type { FleetSnapshot } from "@/lib/reconcile/types";

/**
 * Version of the hash formula behind schemaHash / descriptionHash / annotationsHash. Stored with every
 * observation and in the lock file, so a new formula never reads as drift (docs/history.md).
 */
export const HASH_FORMULA_VERSION = 1;

/** One tool of one server as observed: only what drift is computed from. */
export interface ObservedTool {
  toolName: string;
  schemaHash: string;
  descriptionHash: string;
  /** Kept apart from the schema so annotation churn is not schema drift. */
  annotationsHash: string | null;
  /** null when excluded. */
  exposedName: string | null;
  excluded: boolean;
  /** Other servers listing a tool of the same original name (sorted); empty when the name is unique. */
  collidesWith: string[];
}

/** A server's tool list at one moment (tools sorted by name). */
export interface ServerObservation {
  serverId: string;
  tools: ObservedTool[];
}

export const DRIFT_KINDS = [
  "added",
  "removed",
  "renamed",
  "schema-changed",
  "description-changed",
  "annotations-changed",
  "collision-appeared",
  "collision-gone",
  "excluded",
  "included",
] as const;

export type DriftKind = (typeof DRIFT_KINDS)[number];

export const DRIFT_KIND_LABELS: Record<DriftKind, string> = {
  added: "tool added",
  removed: "tool removed",
  renamed: "probably renamed",
  "schema-changed": "schema changed",
  "description-changed": "description changed",
  "annotations-changed": "annotations changed",
  "collision-appeared": "collision appeared",
  "collision-gone": "collision gone",
  excluded: "newly excluded",
  included: "back (no longer excluded)",
};

export interface ToolHashes {
  schemaHash: string;
  descriptionHash: string;
  annotationsHash: string | null;
  exposedName: string | null;
}

export interface DriftDetails {
  before?: ToolHashes;
  after?: ToolHashes;
  /** renamed: the name the tool had before. */
  previousName?: string;
  /** collision-appeared / collision-gone: the other servers sharing the name (after, resp. before). */
  collidesWith?: string[];
}

/** What derivation yields: an event before it is stored. */
export interface DerivedEvent {
  kind: DriftKind;
  serverId: string;
  toolName: string;
  details: DriftDetails;
}

export interface DriftEvent extends DerivedEvent {
  id: number;
  /** ISO time of the observation that revealed it. */
  time: string;
  observationId: number;
  /** ISO time it was marked reviewed, null when not yet. */
  reviewedAt: string | null;
}

export interface EventFilter {
  kinds?: DriftKind[];
  serverId?: string;
  /** ISO time; events at or after it. */
  since?: string;
  /** Only events not yet reviewed. */
  unreviewed?: boolean;
  limit?: number;
}

/** One version of a tool: an observation where its hashes, exposed name or exclusion differ from the one before. */
export interface ToolVersion {
  /** The observation id: how a version is named in diffs. */
  id: number;
  time: string;
  schemaHash: string;
  descriptionHash: string;
  annotationsHash: string | null;
  exposedName: string | null;
  excluded: boolean;
}

export interface TextDiffPart {
  value: string;
  added?: boolean;
  removed?: boolean;
}

export interface SchemaDiffChange {
  path: string;
  kind: "added" | "removed" | "changed";
  before?: unknown;
  after?: unknown;
}

export interface ToolVersionDiff {
  serverId: string;
  toolName: string;
  from: ToolVersion;
  to: ToolVersion;
  schema: { before: unknown; after: unknown; changes: SchemaDiffChange[] };
  description: { before: string; after: string; parts: TextDiffPart[] };
}

export interface ReviewState {
  /** When something was last marked reviewed (or accepted as baseline); null when never. */
  lastReviewedAt: string | null;
  baseline: Baseline | null;
  events: DriftEvent[];
}

export interface Baseline {
  id: number;
  time: string;
  lockFile: string | null;
  fleetHash: string;
}

export interface RecordResult {
  /** Servers whose tool list was recorded (it differed from the last one). */
  recorded: string[];
  events: DriftEvent[];
}

/** `GET /api/report` and `fleet report` input, assembled from the store and the live snapshot. */
export interface ReportInput {
  generatedAt: string;
  since: string | null;
  /** "review": the unreviewed events since the last review (default); "since": every event since `since`. */
  scope?: "review" | "since";
  events: DriftEvent[];
  snapshot: FleetSnapshot;
}

/** The `history` SSE event payload. */
export interface HistoryEventPayload {
  events: DriftEvent[];
}
