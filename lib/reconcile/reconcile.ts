/**
 * The reconciler (docs/fleet-snapshot.md, rules 1-7): raw tool lists of every server
 * in, one deterministic FleetSnapshot out: collisions, exposed names, final descriptions and
 * schemas, exclusions with every reason, alias maps and the fleet hash. Pure; never throws.
 * What a tool says on its own comes from `ReconcileSteps` (tool-facts.ts), which an incremental
 * caller keeps per tool; everything here is fleet-wide and runs every time.
 */
import { sha256Hex } from "../schema/hash";
import { compareCodeUnits } from "@/lib/json/values";
import { duplicateNameViolation, specCheck } from "../schema/spec";
import { finalDescription } from "./describe";
import { canonicalClaudeTool, fleetHashOf, toolHashOfText } from "./fleet-hash";
import { claudeCodeName, claudeCodeNameFindings, nameSuffix, prefixedName, sanitizeName, withSuffix } from "./names";
import { readToolFacts, runCaches, type ToolFacts } from "./tool-facts";
import type {
  CheckResult,
  CollisionGroup,
  Finding,
  FleetSnapshot,
  ForwardEntry,
  ServerToolList,
  SnapshotServer,
  SnapshotTool,
} from "./types";

/** The per-tool steps of a run: one-shot by default, cached across runs by an incremental caller. */
export interface ReconcileSteps {
  /** What one listed tool says on its own (the same value for the same raw tool). */
  facts(raw: unknown): ToolFacts;
  /** The tool hash of an exposed tool as an Agent SDK host sends it. */
  toolHash(facts: ToolFacts, exposedName: string, description: string): string;
  /** The snapshot tools of the run before, handed out again where nothing they depend on changed. */
  kept?: KeptTools;
}

/**
 * Snapshot tools from the run before, by server and place: a tool is handed out again (the same
 * object) when its facts and everything the fleet decided about it (name, tag, renames, exclusions,
 * warnings) are what they were. Holds the last run's tools only.
 */
export class KeptTools {
  private before = new Map<string, KeptTool[]>();
  private now = new Map<string, KeptTool[]>();

  /** The tool for `entry`: the one kept when it still holds, else a new one, kept for the next run. */
  tool(entry: Entry, make: (entry: Entry) => SnapshotTool): SnapshotTool {
    const old = this.before.get(entry.serverId)?.[entry.position - 1];
    const tool =
      old !== undefined &&
      old.facts === entry.facts &&
      old.label === entry.label &&
      old.exposedName === entry.exposedName &&
      old.collided === entry.collided &&
      sameFindings(old.excluded, entry.excluded) &&
      sameFindings(old.warnings, entry.warnings) &&
      sameFindings(old.renamed, entry.renamed)
        ? old.tool
        : make(entry);
    let slots = this.now.get(entry.serverId);
    if (!slots) this.now.set(entry.serverId, (slots = []));
    slots[entry.position - 1] = { facts: entry.facts, label: entry.label, exposedName: entry.exposedName, collided: entry.collided, excluded: entry.excluded, warnings: entry.warnings, renamed: entry.renamed, tool };
    return tool;
  }

  /** Ends a run: what it did not ask for is dropped. */
  endRun(): void {
    this.before = this.now;
    this.now = new Map();
  }
}

interface KeptTool {
  facts: ToolFacts;
  label: string;
  exposedName: string | null;
  collided: boolean;
  excluded: readonly Finding[];
  warnings: readonly Finding[];
  renamed: readonly Finding[];
  tool: SnapshotTool;
}

function sameFindings(a: readonly Finding[], b: readonly Finding[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x !== y && (x.code !== y.code || x.message !== y.message || x.path !== y.path || x.fix !== y.fix)) return false;
  }
  return true;
}

/** Steps that share work within one run only. */
export function oneShotSteps(): ReconcileSteps {
  const caches = runCaches();
  return { facts: (raw) => readToolFacts(raw, caches), toolHash: agentSdkToolHash };
}

/** SHA-256 of the canonical `{ name, description, input_schema }` of an exposed tool. */
export function agentSdkToolHash(facts: ToolFacts, exposedName: string, description: string): string {
  return toolHashOfText(canonicalClaudeTool(exposedName, description, facts.analysis.finalCanonical));
}

interface Entry {
  serverId: string;
  label: string;
  /** 1-based place in the server's list. */
  position: number;
  facts: ToolFacts;
  name: string | null;
  originalName: string;
  schemaHash: string;
  descriptionHash: string;
  // Finding lists start as the tool's own (shared, never written) and are copied when the fleet adds to them.
  excluded: readonly Finding[];
  warnings: readonly Finding[];
  renamed: readonly Finding[];
  /** A second listing of a name by the same server (excluded). */
  duplicate: boolean;
  /** The other servers listing the same name (empty when unique). */
  collidedWith: readonly string[];
  collided: boolean;
  exposedName: string | null;
  /** The sanitized name before any clash suffix. */
  baseName: string;
}

const NONE: readonly Finding[] = Object.freeze([]);
const NO_SERVERS: readonly string[] = Object.freeze([]);

// Checks that pass say the same thing for every tool: one frozen object each, not 10,000.
const PASS_NAME: CheckResult = Object.freeze({ check: "name", status: "pass", message: "exposed under its original name" });
const SKIP_NAME: CheckResult = Object.freeze({ check: "name", status: "skipped", message: "name check skipped: the tool is excluded" });
const PASS_CLAUDE_NAME: CheckResult = Object.freeze({ check: "claude-name", status: "pass", message: "Claude Code sends mcp__<server>__<tool> with nothing replaced" });
const SKIP_CLAUDE_NAME: CheckResult = Object.freeze({ check: "claude-name", status: "skipped", message: "claude-name check skipped: the tool has no name" });
const PASS_DESCRIPTION: CheckResult = Object.freeze({ check: "description-length", status: "pass", message: "within Claude Code's 4,096 characters (flattening sentence included)" });

const compare = compareCodeUnits;

/** Reconciles every server's tool list into one FleetSnapshot; the result ignores input order. */
export function reconcile(servers: readonly ServerToolList[], steps: ReconcileSteps = oneShotSteps()): FleetSnapshot {
  const orderedServers = [...servers].sort((a, b) => compare(a.id, b.id));
  const entries: Entry[] = [];
  for (const server of orderedServers) {
    const tools = Array.isArray(server.tools) ? server.tools : [];
    const label = server.label ?? server.id;
    for (let i = 0; i < tools.length; i++) entries.push(entryOf(server.id, label, i + 1, steps.facts(tools[i])));
  }
  // Sort before assigning anything: names, suffixes and duplicates must not depend on arrival order.
  entries.sort(
    (a, b) =>
      compare(a.serverId, b.serverId) ||
      compare(a.name ?? "", b.name ?? "") ||
      (a.name === null ? a.position - b.position : 0) ||
      compare(a.schemaHash, b.schemaHash) ||
      compare(a.descriptionHash, b.descriptionHash) ||
      a.position - b.position,
  );

  markDuplicates(entries);
  const groups = findCollisions(entries);
  assignNames(entries);
  // Once names are assigned, each member's exposed name is its entry's.
  const collisions: CollisionGroup[] = groups.map(({ name, members, identical }) => ({
    name,
    kind: identical ? "identical" : "divergent",
    members: members.map((m) => ({ serverId: m.serverId, exposedName: m.exposedName, schemaHash: m.schemaHash })),
  }));
  return assemble(orderedServers, entries, collisions, steps);
}

function entryOf(serverId: string, label: string, position: number, facts: ToolFacts): Entry {
  return {
    serverId,
    label,
    position,
    facts,
    name: facts.name,
    originalName: facts.name ?? `(unnamed #${position})`,
    schemaHash: facts.schemaHash,
    descriptionHash: facts.descriptionHash,
    excluded: facts.excluded,
    warnings: facts.warnings,
    renamed: NONE,
    duplicate: false,
    collidedWith: NO_SERVERS,
    collided: false,
    exposedName: null,
    baseName: "",
  };
}

// One server listing a name twice: the first after sorting is kept, the others are excluded.
function markDuplicates(entries: Entry[]): void {
  for (let i = 0; i < entries.length; ) {
    let j = i + 1;
    const first = entries[i];
    while (j < entries.length && first.name !== null && entries[j].serverId === first.serverId && entries[j].name === first.name) j++;
    for (let k = i + 1; k < j; k++) {
      entries[k].excluded = [duplicateNameViolation(first.name!, first.serverId, j - i), ...entries[k].excluded];
      entries[k].duplicate = true;
    }
    i = j;
  }
}

// Rule 1: a name listed by two or more servers is a collision group; identical when every schema hash matches.
function findCollisions(entries: Entry[]): { name: string; members: Entry[]; identical: boolean }[] {
  // Most names are listed once: a lone entry is kept as itself, a list is made for the second.
  const byName = new Map<string, Entry | Entry[]>();
  for (const entry of entries) {
    if (entry.name === null || entry.duplicate) continue;
    const group = byName.get(entry.name);
    if (group === undefined) byName.set(entry.name, entry);
    else if (Array.isArray(group)) group.push(entry);
    else byName.set(entry.name, [group, entry]);
  }
  const groups: { name: string; members: Entry[]; identical: boolean }[] = [];
  // Rule 1's groups in name order, each member with its entry: assemble reads the exposed names off them.
  for (const [name, members] of byName) {
    if (!Array.isArray(members) || members.every((m) => m.serverId === members[0].serverId)) continue;
    const identical = members.every((m) => m.schemaHash === members[0].schemaHash);
    groups.push({ name, members, identical });
    for (const member of members) {
      const others = [...new Set(members.filter((m) => m.serverId !== member.serverId).map((m) => m.serverId))];
      member.collided = true;
      member.collidedWith = others;
      if (identical) {
        member.warnings = [
          ...member.warnings,
          {
            code: "collision:identical",
            message: `${JSON.stringify(name)} has the same schema on ${others.join(", ")}: often the same server registered twice`,
            fix: "remove the duplicate server from the config",
          },
        ];
      }
    }
  }
  return groups.sort((a, b) => compare(a.name, b.name));
}

// Rules 1-2: prefix on collision, sanitize, then give every renamed name that meets another one a suffix.
function assignNames(entries: Entry[]): void {
  const active = entries.filter((e) => e.excluded.length === 0);
  for (const entry of active) {
    const name = entry.name!;
    let candidate = name;
    const renamed: Finding[] = [];
    if (entry.collided) {
      candidate = prefixedName(entry.serverId, name);
      renamed.push({
        code: "name:collision",
        message: `${JSON.stringify(name)} is also listed by ${entry.collidedWith.join(", ")}; exposed as ${candidate}`,
      });
    }
    const sanitized = sanitizeName(candidate, entry.serverId, name);
    if (sanitized.reasons.length > 0) renamed.push(...sanitized.reasons);
    if (renamed.length > 0) entry.renamed = renamed;
    entry.exposedName = sanitized.name;
    entry.baseName = sanitized.name;
  }
  const suffixes = [
    (e: Entry) => nameSuffix(e.serverId, e.name!),
    (e: Entry) => nameSuffix(e.serverId, e.name!, 16),
    (e: Entry) => sha256Hex(`${e.serverId}:${e.name}#${e.position}:${e.schemaHash}`).slice(0, 16),
  ];
  for (let round = 0; ; round++) {
    const byName = new Map<string, Entry | Entry[]>();
    const clashes: Entry[][] = [];
    for (const entry of active) {
      if (entry.exposedName === null) continue;
      const group = byName.get(entry.exposedName);
      if (group === undefined) byName.set(entry.exposedName, entry);
      else if (Array.isArray(group)) group.push(entry);
      else {
        const pair = [group, entry];
        byName.set(entry.exposedName, pair);
        clashes.push(pair);
      }
    }
    if (clashes.length === 0) return;
    for (const group of clashes) {
      const renamed = group.filter((e) => e.exposedName !== e.name);
      const targets = renamed.length > 0 ? renamed : group.slice(1);
      for (const entry of targets) {
        if (round >= suffixes.length) {
          entry.exposedName = null;
          entry.excluded = [...entry.excluded, { code: "name:clash", message: `no unique exposed name could be made for ${entry.serverId}:${entry.name}` }];
          continue;
        }
        const clashedWith = entry.exposedName!;
        entry.exposedName = withSuffix(entry.baseName, suffixes[round](entry));
        const clash = { code: "name:clash", message: `${clashedWith} meets another exposed name; it became ${entry.exposedName}` };
        entry.renamed = round === 0 ? [...entry.renamed, clash] : [...entry.renamed.slice(0, -1), clash];
      }
    }
  }
}

function assemble(servers: ServerToolList[], entries: Entry[], collisions: CollisionGroup[], steps: ReconcileSteps): FleetSnapshot {
  const kept = steps.kept;
  const tools = kept ? entries.map((e) => kept.tool(e, toSnapshotTool)) : entries.map(toSnapshotTool);
  kept?.endRun();
  const exposedAt: number[] = [];
  const excluded: SnapshotTool[] = [];
  tools.forEach((t, i) => (t.exposedName !== null ? exposedAt.push(i) : excluded.push(t)));
  exposedAt.sort((a, b) => compare(tools[a].exposedName!, tools[b].exposedName!));
  const exposed = exposedAt.map((i) => tools[i]);
  const forward: Record<string, ForwardEntry> = {};
  const reverse: Record<string, string> = {};
  for (const tool of exposed) {
    forward[tool.exposedName!] = { serverId: tool.serverId, originalName: tool.originalName };
    reverse[`${tool.serverId}:${tool.originalName}`] = tool.exposedName!;
  }
  const snapshotServers: SnapshotServer[] = servers.map((s) => ({
    id: s.id,
    ...(s.label !== undefined ? { label: s.label } : {}),
    status: s.status,
    ...(s.error !== undefined ? { error: s.error } : {}),
    toolCount: Array.isArray(s.tools) ? s.tools.length : 0,
  }));
  return {
    fleetHash: fleetHashOf(exposedAt.map((i) => steps.toolHash(entries[i].facts, tools[i].exposedName!, tools[i].description))),
    servers: snapshotServers,
    tools: [...exposed, ...excluded],
    collisions,
    forward,
    reverse,
  };
}

function toSnapshotTool(entry: Entry): SnapshotTool {
  const { facts } = entry;
  const { analysis } = facts;
  const isExcluded = entry.excluded.length > 0 || entry.exposedName === null;
  const flattened = analysis.flatten.status === "flattened" ? analysis.flatten.info : null;
  const description =
    isExcluded || (flattened === null && !entry.collided)
      ? facts.description
      : finalDescription(facts.description, { sentence: flattened?.sentence, tag: entry.collided ? entry.label : undefined });
  const claudeFindings = entry.name === null ? NONE : claudeCodeNameFindings(entry.serverId, entry.name);
  const lengthFinding = facts.lengthFinding;
  const warnings = [...entry.warnings, ...analysis.warnings, ...claudeFindings];
  if (lengthFinding) warnings.push(lengthFinding);
  const checks: CheckResult[] = [
    specCheck(entry.excluded.length === 0 ? NONE : entry.excluded.filter((f) => f.code.startsWith("spec:"))),
    ...analysis.checks,
    isExcluded
      ? SKIP_NAME
      : entry.renamed.length > 0
        ? { check: "name", status: "warn", message: `exposed as ${entry.exposedName} (${entry.renamed.map((r) => r.code).join(", ")})` }
        : PASS_NAME,
    entry.name === null
      ? SKIP_CLAUDE_NAME
      : claudeFindings.length > 0
        ? { check: "claude-name", status: "warn", message: claudeFindings.map((f) => f.message).join("; ") }
        : PASS_CLAUDE_NAME,
    lengthFinding ? { check: "description-length", status: "warn", message: lengthFinding.message } : PASS_DESCRIPTION,
  ];
  // Properties in the contract's order; title and annotations only when the server sent them.
  const tool: Partial<SnapshotTool> = {
    serverId: entry.serverId,
    originalName: entry.originalName,
    exposedName: isExcluded ? null : entry.exposedName,
    claudeCodeName: claudeCodeName(entry.serverId, entry.originalName),
  };
  if (facts.title !== undefined) tool.title = facts.title;
  if (facts.annotations !== undefined) tool.annotations = facts.annotations;
  tool.description = description;
  // The analysis may come from another tool with the same canonical schema: keep this tool's own object.
  tool.inputSchema = flattened ? analysis.finalSchema : facts.inputSchema;
  tool.originalDescription = facts.description;
  tool.originalInputSchema = facts.inputSchema;
  tool.schemaHash = facts.schemaHash;
  tool.descriptionHash = facts.descriptionHash;
  tool.annotationsHash = facts.annotationsHash;
  tool.flattened = flattened;
  tool.renamed = !isExcluded && entry.renamed.length > 0 ? { reasons: [...entry.renamed] } : null;
  tool.excluded = isExcluded ? { reasons: [...entry.excluded] } : null;
  tool.warnings = warnings;
  tool.checks = checks;
  return tool as SnapshotTool;
}
