/**
 * The incremental fleet model (docs/fleet-snapshot.md "Incremental reconcile"): the FleetSnapshot and
 * every client view from the raw tool lists, with each tool's own results (facts and hashes, Claude
 * Code's and Codex's per-tool steps, tool hashes) kept between updates, so when one server's list
 * changes only its new tools are analysed; the fleet-wide passes (names, collisions, alias maps, each
 * view's order and lookups, fleet hashes) run again, reusing each unchanged server's part and whatever
 * of the last update still says the same. Byte for byte what the plain functions give. Pure: a tool
 * list is a value (a changed list is a new array, as lib/fleet hands them over), never changed in place.
 */
import { agentSdkToolHash, ReconcileMemo, reconcile, type ReconcileSteps } from "../reconcile/reconcile";
import { analyzeSchema, reusableFor, type SchemaAnalysis } from "../reconcile/schema-analysis";
import { descriptionText, readToolFacts, type DescriptionText, type ToolFacts, type ToolFactsCaches } from "../reconcile/tool-facts";
import type { FleetSnapshot, ServerToolList, SnapshotTool } from "../reconcile/types";
import { canonicalClaudeTool, toolHash, toolHashOfText } from "../reconcile/fleet-hash";
import { canonicalJson } from "../schema/canonical-json";
import { sha256Hex } from "../schema/hash";
import { sameJson } from "@/lib/json/values";
import { agentSdkView } from "./agent-sdk";
import { claudeCodeView, type ClaudeCodeSteps } from "./claude-code";
import { strictToolFaults, type ListFault } from "./claude-code-listing";
import { prepareClaudeCodeTool, type PreparedClaudeTool } from "./claude-code-tool";
import { canonicalCodexTool, codexView, type CodexSteps } from "./codex";
import { codexToolFaults } from "./codex-listing";
import { codexParameters, type CodexSchemaOutcome } from "./codex-schema";
import type { ClaudeWireTool, ClientView } from "./types";
import type { ServerPartCache } from "./view";
import type { ClientChoice, ClientSettings } from "./choices";

/** What the model computed, counted from its creation: how a caller sees that a change cost little. */
export interface FleetModelStats {
  updates: number;
  /** Tools whose own results were computed; a tool listed again unchanged (by any server) is not. */
  toolsAnalysed: number;
  /** Schema analyses (flattening and checks); tools listing one schema share one. */
  schemasAnalysed: number;
  /** Claude Code's per-tool step, per tool and Claude Code version / description limit. */
  claudeCodeSteps: number;
  /** Codex's schema rewrite, per tool. */
  codexSteps: number;
  /** A view's decisions for one server; a server whose list and outcome are unchanged keeps its part. */
  serverParts: number;
  /** Tools the model keeps results for after the last update: those listed in it, no more. */
  toolsKept: number;
}

/** One update's outputs: the snapshot at once, each client view when first asked for (then kept). */
export interface FleetModelResult {
  snapshot: FleetSnapshot;
  view(choice: ClientChoice): ClientView;
}

interface ToolRecord {
  facts: ToolFacts;
  /** The content key (null when the tool is too deep to write as JSON: then kept by object only). */
  key: string | null;
  /** The last update that listed it. */
  seen: number;
  strictFaultless?: boolean;
  codexFaultless?: boolean;
  /** Claude Code's step by `version:descriptionLimit`. */
  claude?: Map<string, PreparedClaudeTool>;
  codex?: CodexSchemaOutcome;
}

const NO_FAULTS: ListFault[] = Object.freeze([]) as unknown as ListFault[];
/** Names a tool is hashed under are few (its server ids); a bound keeps a renamed fleet from piling them up. */
const MAX_HASHES_PER_TOOL = 16;

export class FleetModel {
  private generation = 0;
  /** Fast path: the very object listed before. Weak, so a list that is gone takes its tools with it. */
  private readonly byObject = new WeakMap<object, ToolRecord>();
  /** The same tool in a new object (a re-list, a second server): by its exact JSON. Swept each update. */
  private readonly byKey = new Map<string, ToolRecord>();
  /** Each server's list in the last update, by id (see `matchRelisted`). */
  private lastLists = new Map<string, readonly unknown[]>();
  private readonly counts = { updates: 0, toolsAnalysed: 0, schemasAnalysed: 0, claudeCodeSteps: 0, codexSteps: 0, serverParts: 0 };
  /** Analyses and description hashes shared by the tools new in one update. */
  private caches: ToolFactsCaches = this.newCaches();
  /** Canonical JSON of the parameters Codex sends, for its tool hashes. */
  private readonly codexCanonical = new WeakMap<object, string>();
  /** Tool hashes by what they were computed from: facts (Agent SDK), a prepared tool (Claude Code), parameters (Codex). */
  private readonly hashes = new WeakMap<object, Map<string, { description: string; hash: string }>>();

  get stats(): FleetModelStats {
    return { ...this.counts, toolsKept: this.byKey.size };
  }

  /** The snapshot (and views on demand) of `servers`, reusing what earlier updates learned per tool. */
  update(servers: readonly ServerToolList[], settings: ClientSettings = {}): FleetModelResult {
    this.generation++;
    this.counts.updates++;
    this.caches = this.newCaches();
    this.matchRelisted(servers);
    const memo = this.memo;
    const steps: ReconcileSteps = {
      memo,
      facts: (raw) => this.record(raw).facts,
      toolHash: (facts, exposedName, description, descriptionJson) =>
        this.hashOf(facts, exposedName, description, () => agentSdkToolHash(facts, exposedName, description, descriptionJson)),
    };
    const snapshot = reconcile(servers, steps);
    this.sweep(servers);

    const views = new Map<ClientChoice, ClientView>();
    const compute = (choice: ClientChoice): ClientView => {
      switch (choice) {
        case "claude-code":
          return claudeCodeView(servers, settings.claudeCode, { steps: this.claudeSteps, parts: this.parts.get(choice) });
        case "claude-code@2.1.194":
          return claudeCodeView(servers, settings.claudeCode, { version: "2.1.194", steps: this.claudeSteps, parts: this.parts.get(choice) });
        case "codex":
          return codexView(servers, settings.codex, { steps: this.codexSteps, parts: this.parts.get(choice) });
        case "agent-sdk":
          return agentSdkView(servers, snapshot, {
            parts: this.parts.get(choice),
            // The agent-sdk view sends exactly the snapshot's exposed tools, each as the snapshot holds it: it reuses their hashes.
            toolHash: (tool: SnapshotTool, wire: ClaudeWireTool) =>
              (wire.name === tool.exposedName && wire.description === tool.description && wire.input_schema === tool.inputSchema ? memo.toolHashOf(tool) : undefined) ?? toolHash(wire),
            snapshotToolHash: (tool: SnapshotTool) => memo.toolHashOf(tool),
          });
      }
    };
    return {
      snapshot,
      view(choice) {
        let view = views.get(choice);
        if (!view) {
          view = compute(choice);
          views.set(choice, view);
        }
        return view;
      },
    };
  }

  private readonly claudeSteps: ClaudeCodeSteps = {
    faults: (raw, position) => {
      const record = this.record(raw);
      record.strictFaultless ??= strictToolFaults(raw, position).length === 0;
      return record.strictFaultless ? NO_FAULTS : strictToolFaults(raw, position);
    },
    prepare: (raw, options) => {
      const record = this.record(raw);
      const key = `${options.version}:${options.descriptionLimit}`;
      let prepared = record.claude?.get(key);
      if (!prepared) {
        this.counts.claudeCodeSteps++;
        prepared = prepareClaudeCodeTool(raw, options, record.facts.analysis);
        (record.claude ??= new Map()).set(key, prepared);
      }
      return prepared;
    },
    toolHash: (name, prepared) =>
      this.hashOf(prepared, name, prepared.description, () => toolHashOfText(canonicalClaudeTool(name, prepared.description, prepared.canonicalSchema))),
  };

  private readonly codexSteps: CodexSteps = {
    faults: (raw, position) => {
      const record = this.record(raw);
      record.codexFaultless ??= codexToolFaults(raw, position).length === 0;
      return record.codexFaultless ? NO_FAULTS : codexToolFaults(raw, position);
    },
    parameters: (raw) => {
      const record = this.record(raw);
      if (!record.codex) {
        this.counts.codexSteps++;
        record.codex = codexParameters(raw.inputSchema as Record<string, unknown>);
      }
      return record.codex;
    },
    toolHash: (namespace, wire) =>
      this.hashOf(wire.parameters as object, `${namespace}\u0000${wire.name}`, wire.description, () => {
        const parameters = wire.parameters as object;
        let canonical = this.codexCanonical.get(parameters);
        if (canonical === undefined) {
          canonical = canonicalJson(parameters);
          this.codexCanonical.set(parameters, canonical);
        }
        return sha256Hex(canonicalCodexTool(namespace, wire, canonical));
      }),
  };

  /**
   * A re-listed server's tools are new objects, most of them the same data as before: each is matched
   * against the tool at its place in the server's last list, and when it is the same data, keys in the
   * same order (so the same exact JSON), it takes that tool's record, without writing and hashing its
   * JSON to find it by content.
   */
  private matchRelisted(servers: readonly ServerToolList[]): void {
    const lists = new Map<string, readonly unknown[]>();
    for (const server of servers) {
      const tools: readonly unknown[] = Array.isArray(server.tools) ? server.tools : [];
      const last = this.lastLists.get(server.id);
      if (last !== undefined && last !== tools) {
        for (let i = 0; i < Math.min(last.length, tools.length); i++) {
          const raw = tools[i];
          const was = last[i];
          if (typeof raw !== "object" || raw === null || typeof was !== "object" || was === null || this.byObject.has(raw)) continue;
          const record = this.byObject.get(was);
          if (record !== undefined && sameJson(raw, was)) this.byObject.set(raw, record);
        }
      }
      if (tools.length > 0) lists.set(server.id, tools);
    }
    this.lastLists = lists;
  }

  private record(raw: unknown): ToolRecord {
    const object = typeof raw === "object" && raw !== null ? raw : null;
    let record = object ? this.byObject.get(object) : undefined;
    if (record) {
      if (record.seen !== this.generation) {
        // Swept while this object was away (a server down and back with the same list): keep it again.
        if (record.key !== null && this.byKey.get(record.key) !== record) this.byKey.set(record.key, record);
        record.seen = this.generation;
      }
      return record;
    }
    const key = contentKey(raw);
    record = key === null ? undefined : this.byKey.get(key);
    if (!record) {
      this.counts.toolsAnalysed++;
      record = { facts: readToolFacts(raw, this.caches), key, seen: this.generation };
      if (key !== null) this.byKey.set(key, record);
    }
    record.seen = this.generation;
    if (object) this.byObject.set(object, record);
    return record;
  }

  /** A tool hash kept per (tool, name it is sent under), valid while the description is the same. */
  private hashOf(owner: object, name: string, description: string, compute: () => string): string {
    let hashes = this.hashes.get(owner);
    if (!hashes) this.hashes.set(owner, (hashes = new Map()));
    const known = hashes.get(name);
    if (known && known.description === description) return known.hash;
    if (hashes.size >= MAX_HASHES_PER_TOOL) hashes.clear();
    const hash = compute();
    hashes.set(name, { description, hash });
    return hash;
  }

  private newCaches(): ToolFactsCaches {
    const analyses = new Map<string, { schema: unknown; analysis: SchemaAnalysis }>();
    const descriptions = new Map<string, DescriptionText>();
    return {
      analysis: (schemaHash, schema, canonical) => {
        const first = analyses.get(schemaHash);
        if (first && reusableFor(first.analysis, first.schema, schema)) return first.analysis;
        this.counts.schemasAnalysed++;
        const analysis = analyzeSchema(schema, canonical);
        if (!first) analyses.set(schemaHash, { schema, analysis });
        return analysis;
      },
      description: (description) => {
        let text = descriptions.get(description);
        if (text === undefined) {
          text = descriptionText(description);
          descriptions.set(description, text);
        }
        return text;
      },
    };
  }

  /** Each view's per-server parts (servers whose list is unchanged keep theirs). */
  private readonly parts = new Map<ClientChoice, ServerParts>(
    (["claude-code", "claude-code@2.1.194", "codex", "agent-sdk"] as const).map((choice) => [choice, new ServerParts(() => this.counts.serverParts++)]),
  );
  /** What the last update's reconcile left: each server's entries, and snapshot tools handed out again where nothing changed for them. */
  private readonly memo = new ReconcileMemo();

  /** Drops what no server listed in this update: removed and changed tools, removed servers, do not pile up. */
  private sweep(servers: readonly ServerToolList[]): void {
    for (const [key, record] of this.byKey) if (record.seen !== this.generation) this.byKey.delete(key);
    const ids = new Set(servers.map((s) => s.id));
    for (const parts of this.parts.values()) parts.keepOnly(ids);
  }
}

/** One view's parts by server id, each valid for one exact (list, status, error, label, instructions, context). */
class ServerParts implements ServerPartCache<unknown> {
  private readonly byId = new Map<string, { server: ServerToolList; context: string; part: unknown }>();

  constructor(private readonly made: () => void) {}

  get(server: ServerToolList, context: string): unknown {
    const kept = this.byId.get(server.id);
    if (!kept || kept.context !== context) return undefined;
    const was = kept.server;
    const same =
      was.tools === server.tools && was.status === server.status && was.error === server.error && was.label === server.label && was.instructions === server.instructions;
    return same ? kept.part : undefined;
  }

  set(server: ServerToolList, context: string, part: unknown): void {
    this.made();
    this.byId.set(server.id, { server, context, part });
  }

  previous(serverId: string, context: string): unknown {
    const kept = this.byId.get(serverId);
    return kept && kept.context === context ? kept.part : undefined;
  }

  keepOnly(ids: ReadonlySet<string>): void {
    for (const id of this.byId.keys()) if (!ids.has(id)) this.byId.delete(id);
  }
}


/** SHA-256 of the exact JSON of a listed tool (key order included: Claude Code keeps it), or null when too deep to write. */
function contentKey(raw: unknown): string | null {
  let text: string | undefined;
  try {
    text = JSON.stringify(raw);
  } catch {
    return null;
  }
  return sha256Hex(text ?? "undefined");
}
