/**
 * The history store: records a server's tool list only when it differs from the last
 * recorded one, derives drift events from consecutive observations, and answers the timeline, tool
 * version and review queries. Every write is one transaction: a batch is all there or not at all.
 */
import "server-only";
import { createHash } from "node:crypto";
import path from "node:path";
import { FleetError } from "@/lib/errors";
import type { FleetSnapshot, SnapshotTool } from "@/lib/reconcile/types";
import { openDatabase, HISTORY_DB_FILE, type Db } from "./db";
import { deriveEvents } from "./drift";
import { keepUnseenPeers, observeSnapshot, sameToolList } from "./observe";
import {
  DRIFT_KINDS,
  HASH_FORMULA_VERSION,
  type Baseline,
  type DerivedEvent,
  type DriftEvent,
  type DriftKind,
  type EventFilter,
  type ObservedTool,
  type RecordResult,
  type ReviewState,
  type ServerObservation,
  type ToolVersion,
  type ToolVersionDiff,
} from "./types";
import { diffVersions, type VersionContent } from "./version-diff";

export interface HistoryStoreOptions {
  /** The clock, for tests; defaults to the system clock. */
  now?: () => Date;
  /** How long a write waits for another process's lock (db.ts). */
  busyTimeoutMs?: number;
  /** Told the drift of every record that found some, after its commit, whoever called `record`. */
  onDrift?: (events: DriftEvent[]) => void;
}

interface EventRow {
  id: number;
  observation_id: number;
  occurred_at: string;
  kind: string;
  server_id: string;
  tool_name: string;
  details: string;
  reviewed_at: string | null;
}

interface ToolRow {
  tool_name: string;
  schema_hash: string;
  description_hash: string;
  annotations_hash: string | null;
  exposed_name: string | null;
  excluded: number;
  collides_with: string;
}

function json(value: unknown): string {
  // A missing inputSchema / annotations is stored as JSON null, so every blob is valid JSON.
  return JSON.stringify(value === undefined ? null : value);
}

function toEvent(row: EventRow): DriftEvent {
  return {
    id: row.id,
    time: row.occurred_at,
    observationId: row.observation_id,
    kind: row.kind as DriftKind,
    serverId: row.server_id,
    toolName: row.tool_name,
    details: JSON.parse(row.details),
    reviewedAt: row.reviewed_at,
  };
}

function toObserved(row: ToolRow): ObservedTool {
  return {
    toolName: row.tool_name,
    schemaHash: row.schema_hash,
    descriptionHash: row.description_hash,
    annotationsHash: row.annotations_hash,
    exposedName: row.exposed_name,
    excluded: row.excluded === 1,
    collidesWith: JSON.parse(row.collides_with),
  };
}

/** SHA-256 of a server's whole tool set: a server-level pin that a rename cannot slip past. */
function toolSetHash(tools: ObservedTool[]): string {
  return createHash("sha256").update(JSON.stringify(tools)).digest("hex");
}

const EVENT_SELECT = `
  SELECT e.id, e.observation_id, e.occurred_at, e.kind, e.server_id, e.tool_name, e.details, r.reviewed_at
  FROM drift_events e LEFT JOIN review_marks r ON r.event_id = e.id`;

type LastObservation = ServerObservation & { id: number; hashVersion: number };

export class HistoryStore {
  readonly db: Db;
  private readonly now: () => Date;
  private readonly onDrift?: (events: DriftEvent[]) => void;
  /** The last recorded tool list per server: an unchanged refresh then costs one indexed lookup per server. */
  private readonly lastSeen = new Map<string, LastObservation>();

  constructor(
    readonly file: string,
    options: HistoryStoreOptions = {},
  ) {
    this.db = openDatabase(file, { busyTimeoutMs: options.busyTimeoutMs });
    this.now = options.now ?? (() => new Date());
    this.onDrift = options.onDrift;
  }

  /** `<dataDir>/history.db`. */
  static open(dataDir: string, options?: HistoryStoreOptions): HistoryStore {
    return new HistoryStore(path.join(dataDir, HISTORY_DB_FILE), options);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  timestamp(): string {
    return this.now().toISOString();
  }

  /** The last recorded tool list of a server, or null when it was never observed. */
  lastObservation(serverId: string): LastObservation | null {
    const row = this.db
      .prepare("SELECT id, hash_version FROM observations WHERE server_id = ? ORDER BY id DESC LIMIT 1")
      .get(serverId) as { id: number; hash_version: number } | undefined;
    if (!row) return null;
    // The id check keeps the cache right when another process (say, `fleet report`) records into the same file.
    const cached = this.lastSeen.get(serverId);
    if (cached && cached.id === row.id) return cached;
    const last = { id: row.id, hashVersion: row.hash_version, serverId, tools: this.toolsOf(row.id) };
    this.lastSeen.set(serverId, last);
    return last;
  }

  private toolsOf(observationId: number): ObservedTool[] {
    const rows = this.db
      .prepare("SELECT * FROM observation_tools WHERE observation_id = ? ORDER BY tool_name")
      .all(observationId) as ToolRow[];
    return rows.map(toObserved);
  }

  /**
   * Records each ready server whose tool list differs from its last observation, with the drift
   * events since then. A server's first observation is its baseline: it yields no events. So does
   * the first one after a change of hash formula, which would otherwise read as drift everywhere.
   */
  record(snapshot: FleetSnapshot): RecordResult {
    const time = this.timestamp();
    const byTool = new Map<string, SnapshotTool>(snapshot.tools.map((t) => [`${t.serverId}\u0000${t.originalName}`, t]));
    const insertObservation = this.db.prepare(
      "INSERT INTO observations (observed_at, server_id, fleet_hash, tool_set_hash, hash_version) VALUES (?, ?, ?, ?, ?)",
    );
    const insertBlob = this.db.prepare("INSERT OR IGNORE INTO blobs (kind, hash, content) VALUES (?, ?, ?)");
    const insertTool = this.db.prepare(
      `INSERT INTO observation_tools (observation_id, tool_name, schema_hash, description_hash, annotations_hash, exposed_name, excluded, collides_with)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertEvent = this.db.prepare(
      "INSERT INTO drift_events (observation_id, occurred_at, kind, server_id, tool_name, details) VALUES (?, ?, ?, ?, ?, ?)",
    );

    const pending: LastObservation[] = [];
    const unavailable = new Set(snapshot.servers.filter((s) => s.status === "error" || s.status === "connecting").map((s) => s.id));
    const result = this.db
      .transaction((): RecordResult => {
        const recorded: string[] = [];
        const events: DriftEvent[] = [];
        for (const seen of observeSnapshot(snapshot)) {
          const last = this.lastObservation(seen.serverId);
          const comparable = last !== null && last.hashVersion === HASH_FORMULA_VERSION;
          const observation = comparable ? keepUnseenPeers(seen, last, unavailable) : seen;
          if (comparable && sameToolList(last.tools, observation.tools)) continue;

          const observationId = Number(
            insertObservation.run(time, observation.serverId, snapshot.fleetHash, toolSetHash(observation.tools), HASH_FORMULA_VERSION)
              .lastInsertRowid,
          );
          for (const tool of observation.tools) {
            const raw = byTool.get(`${observation.serverId}\u0000${tool.toolName}`);
            insertBlob.run("schema", tool.schemaHash, json(raw?.originalInputSchema));
            insertBlob.run("description", tool.descriptionHash, raw?.originalDescription ?? "");
            if (tool.annotationsHash !== null) insertBlob.run("annotations", tool.annotationsHash, json(raw?.annotations));
            insertTool.run(
              observationId,
              tool.toolName,
              tool.schemaHash,
              tool.descriptionHash,
              tool.annotationsHash,
              tool.exposedName,
              tool.excluded ? 1 : 0,
              JSON.stringify(tool.collidesWith),
            );
          }
          recorded.push(observation.serverId);
          pending.push({ id: observationId, hashVersion: HASH_FORMULA_VERSION, ...observation });
          const derived: DerivedEvent[] = comparable ? deriveEvents(last, observation) : [];
          for (const event of derived) {
            const id = Number(
              insertEvent.run(observationId, time, event.kind, event.serverId, event.toolName, JSON.stringify(event.details))
                .lastInsertRowid,
            );
            events.push({ ...event, id, time, observationId, reviewedAt: null });
          }
        }
        return { recorded, events };
      })
      .immediate();
    // Only after the commit: a rolled-back batch must not be remembered as recorded.
    for (const last of pending) this.lastSeen.set(last.serverId, last);
    if (result.events.length > 0) this.onDrift?.(result.events);
    return result;
  }

  /** Drift events, newest first. */
  events(filter: EventFilter = {}): DriftEvent[] {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.kinds && filter.kinds.length > 0) {
      where.push(`e.kind IN (${filter.kinds.map(() => "?").join(", ")})`);
      params.push(...filter.kinds);
    }
    if (filter.serverId) {
      where.push("e.server_id = ?");
      params.push(filter.serverId);
    }
    if (filter.since) {
      where.push("e.occurred_at >= ?");
      params.push(filter.since);
    }
    if (filter.unreviewed) where.push("r.reviewed_at IS NULL");
    const limit = Math.max(1, Math.min(filter.limit ?? 5000, 50_000));
    const sql = `${EVENT_SELECT} ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY e.id DESC LIMIT ${limit}`;
    return (this.db.prepare(sql).all(...params) as EventRow[]).map(toEvent);
  }

  /** The tool's hash timeline: each observation where something about it changed, oldest first. */
  toolVersions(serverId: string, toolName: string): ToolVersion[] {
    const rows = this.db
      .prepare(
        `SELECT o.id, o.observed_at, t.schema_hash, t.description_hash, t.annotations_hash, t.exposed_name, t.excluded
         FROM observations o JOIN observation_tools t ON t.observation_id = o.id
         WHERE o.server_id = ? AND t.tool_name = ? ORDER BY o.id`,
      )
      .all(serverId, toolName) as (Omit<ToolRow, "tool_name" | "collides_with"> & { id: number; observed_at: string })[];
    const versions: ToolVersion[] = [];
    for (const row of rows) {
      const version: ToolVersion = {
        id: row.id,
        time: row.observed_at,
        schemaHash: row.schema_hash,
        descriptionHash: row.description_hash,
        annotationsHash: row.annotations_hash,
        exposedName: row.exposed_name,
        excluded: row.excluded === 1,
      };
      const prev = versions[versions.length - 1];
      const same =
        prev &&
        prev.schemaHash === version.schemaHash &&
        prev.descriptionHash === version.descriptionHash &&
        prev.annotationsHash === version.annotationsHash &&
        prev.exposedName === version.exposedName &&
        prev.excluded === version.excluded;
      if (!same) versions.push(version);
    }
    return versions;
  }

  /** A version's schema and description, read back from the blobs. */
  versionContent(serverId: string, toolName: string, versionId: number): VersionContent {
    const version = this.toolVersions(serverId, toolName).find((v) => v.id === versionId);
    if (!version) {
      throw new FleetError("not_found", "history", `no version ${versionId} of tool "${toolName}" on server "${serverId}"`);
    }
    const blob = this.db.prepare("SELECT content FROM blobs WHERE kind = ? AND hash = ?");
    const schema = blob.get("schema", version.schemaHash) as { content: string } | undefined;
    const description = blob.get("description", version.descriptionHash) as { content: string } | undefined;
    return {
      version,
      schema: schema ? JSON.parse(schema.content) : null,
      description: description?.content ?? "",
    };
  }

  diff(serverId: string, toolName: string, fromId: number, toId: number): ToolVersionDiff {
    return diffVersions(serverId, toolName, this.versionContent(serverId, toolName, fromId), this.versionContent(serverId, toolName, toId));
  }

  /** Everything not yet marked reviewed, oldest first. */
  review(): ReviewState {
    const last = this.db
      .prepare(
        "SELECT max(t) AS t FROM (SELECT max(reviewed_at) AS t FROM review_marks UNION ALL SELECT max(accepted_at) FROM baselines)",
      )
      .get() as { t: string | null };
    return {
      lastReviewedAt: last.t,
      baseline: this.baseline(),
      events: this.events({ unreviewed: true, limit: 50_000 }).reverse(),
    };
  }

  /** Marks the given events (or every unreviewed one) reviewed; returns how many were newly marked. */
  markReviewed(target: number[] | "all"): number {
    const time = this.timestamp();
    return this.db
      .transaction((): number => {
        if (target === "all") {
          return this.db
            .prepare(
              "INSERT INTO review_marks (event_id, reviewed_at) SELECT id, ? FROM drift_events WHERE id NOT IN (SELECT event_id FROM review_marks)",
            )
            .run(time).changes;
        }
        const exists = this.db.prepare("SELECT 1 FROM drift_events WHERE id = ?");
        const missing = target.filter((id) => !exists.get(id));
        if (missing.length > 0) {
          throw new FleetError("not_found", "review", `no drift event with id ${missing.join(", ")}`);
        }
        const mark = this.db.prepare("INSERT OR IGNORE INTO review_marks (event_id, reviewed_at) VALUES (?, ?)");
        return target.reduce((n, id) => n + mark.run(id, time).changes, 0);
      })
      .immediate();
  }

  /** Accepts the fleet as reviewed: every event marked reviewed and a baseline row (the lock file is written by the caller). */
  acceptBaseline(fleetHash: string, lockFile: string | null): Baseline {
    const time = this.timestamp();
    return this.db
      .transaction((): Baseline => {
        this.db
          .prepare(
            "INSERT INTO review_marks (event_id, reviewed_at) SELECT id, ? FROM drift_events WHERE id NOT IN (SELECT event_id FROM review_marks)",
          )
          .run(time);
        const lastEvent = this.db.prepare("SELECT max(id) AS id FROM drift_events").get() as { id: number | null };
        const id = Number(
          this.db
            .prepare("INSERT INTO baselines (accepted_at, lock_file, fleet_hash, last_event_id) VALUES (?, ?, ?, ?)")
            .run(time, lockFile, fleetHash, lastEvent.id).lastInsertRowid,
        );
        return { id, time, lockFile, fleetHash };
      })
      .immediate();
  }

  baseline(): Baseline | null {
    const row = this.db.prepare("SELECT id, accepted_at, lock_file, fleet_hash FROM baselines ORDER BY id DESC LIMIT 1").get() as
      | { id: number; accepted_at: string; lock_file: string | null; fleet_hash: string }
      | undefined;
    return row ? { id: row.id, time: row.accepted_at, lockFile: row.lock_file, fleetHash: row.fleet_hash } : null;
  }

  observationCount(): number {
    return (this.db.prepare("SELECT count(*) AS n FROM observations").get() as { n: number }).n;
  }
}

/** Opens the store of a data folder (`<dataDir>/history.db`). */
export function openHistoryStore(dataDir: string, options?: HistoryStoreOptions): HistoryStore {
  return HistoryStore.open(dataDir, options);
}

export function isDriftKind(value: string): value is DriftKind {
  return (DRIFT_KINDS as readonly string[]).includes(value);
}

/** The tool's hash timeline (time, schemaHash, descriptionHash, ...), oldest first: for the permissions lint's "changed since allowed". */
export function toolVersions(store: HistoryStore, serverId: string, toolName: string): ToolVersion[] {
  return store.toolVersions(serverId, toolName);
}
