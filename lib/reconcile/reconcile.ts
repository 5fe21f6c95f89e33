/**
 * The reconciler (docs/fleet-snapshot.md, rules 1-7): raw tool lists of every server
 * in, one deterministic FleetSnapshot out: collisions, exposed names, final descriptions and
 * schemas, exclusions with every reason, alias maps and the fleet hash. Pure; never throws.
 * What a tool says on its own comes from `ReconcileSteps` (tool-facts.ts), which an incremental
 * caller keeps per tool; the fleet-wide passes run every time over every tool, and with a
 * ReconcileMemo they reuse what an unchanged server or tool worked out the run before.
 */
import { sha256Hex } from "../schema/hash";
import { compareCodeUnits } from "@/lib/json/values";
import { duplicateNameViolation, specCheck } from "../schema/spec";
import { finalDescription } from "./describe";
import { canonicalClaudeTool, fleetHashOf, toolHashOfText } from "./fleet-hash";
import { claudeCodeNameFindings, EXPOSED_NAME_PATTERN, sanitizeNamePart, nameSuffix, prefixedName, sanitizeName, withSuffix, type SanitizedName } from "./names";
import { runFacts, type ToolFacts } from "./tool-facts";
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
  /** The tool hash of an exposed tool as an Agent SDK host sends it (`descriptionJson`, when given, is JSON.stringify(description)). */
  toolHash(facts: ToolFacts, exposedName: string, description: string, descriptionJson?: string): string;
  /** What the run before left, reused where nothing it depends on changed. */
  memo?: ReconcileMemo;
}

/**
 * What one run leaves for the next (an incremental caller keeps one): each server's entries, sorted
 * and with its duplicates marked, reused while the server lists the very same facts under the same
 * label; and each entry's snapshot tool, handed out again (the same object, with its tool hash) while
 * its facts and everything the fleet decided about it (name, tag, renames, exclusions, warnings) are
 * what they were. Holds the last run's servers only.
 */
export class ReconcileMemo {
  private before = new Map<string, Block>();
  private now = new Map<string, Block>();
  /** The tool hash of every exposed snapshot tool made while this memo was kept. */
  private readonly hashes = new WeakMap<SnapshotTool, string>();

  /** The tool hash the snapshot holds for `tool` (an exposed tool of a run made with this memo). */
  toolHashOf(tool: SnapshotTool): string | undefined {
    return this.hashes.get(tool);
  }

  /** @internal */
  block(serverId: string): Block | undefined {
    return this.before.get(serverId);
  }

  /** @internal */
  keep(serverId: string, block: Block): void {
    this.now.set(serverId, block);
  }

  /** @internal */
  rememberHash(tool: SnapshotTool, hash: string): void {
    this.hashes.set(tool, hash);
  }

  /** @internal The last run's collision groups, by name, and its alias maps: handed out again where unchanged. */
  collisions: readonly CollisionGroup[] = [];
  /** @internal */
  aliases: Aliases | undefined;

  /** @internal Ends a run: what it did not list is dropped. */
  endRun(): void {
    this.before = this.now;
    this.now = new Map();
  }
}

/** The exposed names in order, with what the alias maps were made from, and the maps. */
interface Aliases {
  names: string[];
  forwards: ForwardEntry[];
  reverseKeys: string[];
  forward: Record<string, ForwardEntry>;
  reverse: Record<string, string>;
}

/** One server's entries in their fleet order, and what they were made from. */
interface Block {
  label: string;
  /** Facts in list order. */
  facts: ToolFacts[];
  entries: Entry[];
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
  return { facts: runFacts(), toolHash: agentSdkToolHash };
}

/** SHA-256 of the canonical `{ name, description, input_schema }` of an exposed tool. */
export function agentSdkToolHash(facts: ToolFacts, exposedName: string, description: string, descriptionJson?: string): string {
  return toolHashOfText(canonicalClaudeTool(exposedName, description, facts.analysis.finalCanonical, descriptionJson));
}

/**
 * What every tool of one server shares: its id as Claude Code names take it (the sanitized part, and
 * whether it is sent as it is) and its description tag with the tag's JSON text.
 */
interface ServerInfo {
  part: string;
  /** Nothing replaced and no "__" in it. */
  plain: boolean;
  /** `[<label>] ` (rule 3), and JSON.stringify of it without its closing quote; empty for an empty label. */
  tag: string;
  tagJsonOpen: string;
}

function serverInfoOf(serverId: string, label: string): ServerInfo {
  const part = sanitizeNamePart(serverId);
  const tag = label ? `[${label}] ` : "";
  return { part, plain: part === serverId && !serverId.includes("__"), tag, tagJsonOpen: JSON.stringify(tag).slice(0, -1) };
}

interface Entry {
  serverId: string;
  server: ServerInfo;
  label: string;
  /** 1-based place in the server's list. */
  position: number;
  facts: ToolFacts;
  name: string | null;
  originalName: string;
  schemaHash: string;
  descriptionHash: string;
  /** A second listing of a name by the same server (excluded). */
  duplicate: boolean;
  /** The tool's own reasons to exclude, the duplicate listing first (decided within the server). */
  ownExcluded: readonly Finding[];

  // Decided by the fleet, again on every run. Finding lists start as the tool's own (shared, never
  // written) and are copied when the fleet adds to them.
  excluded: readonly Finding[];
  warnings: readonly Finding[];
  renamed: readonly Finding[];
  /** The other servers listing the same name (empty when unique). */
  collidedWith: readonly string[];
  collided: boolean;
  exposedName: string | null;
  /** The sanitized name before any clash suffix. */
  baseName: string;
  /** A member of an identical collision group (its warning is written when the tool is made). */
  identical: boolean;
  /** Its name sanitized for exposure (prefixed when collided); null when excluded before naming. */
  sanitized: SanitizedName | null;
  /** The last clash finding, when its exposed name met another. */
  clash: Finding | null;

  /** What it worked out, kept with it while its server's block is reused (null in a one-shot run). */
  kept: EntryMemo | null;
  /** This run's snapshot tool, and (exposed) its final description as hashed and its tool hash. */
  tool: SnapshotTool | undefined;
  description: string | null;
  hash: string | undefined;
}

/** What an entry works out once and keeps across runs: each depends on its server, name and facts, and on `others`. */
interface EntryMemo {
  /** The last `collidedWith` made for it. */
  others: readonly string[] | undefined;
  /** The name sanitized as it is, and prefixed with the server id (rule 2), each when first needed. */
  plain: SanitizedName | undefined;
  prefixed: SanitizedName | undefined;
  /** The collision finding and the sanitizing reasons after it, made for `collidedWith` = `others`. */
  collisionRenamed: readonly Finding[] | undefined;
  /** The identical-collision warnings, made for `collidedWith` = `others`. */
  identicalWarnings: readonly Finding[] | undefined;
  /** The snapshot tool made last, and what it was made from. */
  last: { tool: SnapshotTool; exposedName: string | null; collided: boolean; excluded: readonly Finding[]; warnings: readonly Finding[]; renamed: readonly Finding[] } | undefined;
  reverseKey: string | undefined;
  forward: ForwardEntry | undefined;
}

function newMemo(): EntryMemo {
  return { others: undefined, plain: undefined, prefixed: undefined, collisionRenamed: undefined, identicalWarnings: undefined, last: undefined, reverseKey: undefined, forward: undefined };
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
  const memo = steps.memo;
  const entries: Entry[] = [];
  for (let i = 0; i < orderedServers.length; ) {
    const server = orderedServers[i];
    let j = i + 1;
    while (j < orderedServers.length && orderedServers[j].id === server.id) j++;
    // Two servers given one id share one block, as if one server listed both lists (never kept).
    const block = j === i + 1 ? serverBlock(server, steps, memo?.block(server.id)) : sharedBlock(orderedServers.slice(i, j), steps);
    if (j === i + 1) memo?.keep(server.id, block);
    // Index loops throughout the once-per-run passes: code that runs once is not optimized, and there
    // `for...of` allocates an iterator result per step (10,000 of them here).
    const blockEntries = block.entries;
    for (let k = 0; k < blockEntries.length; k++) {
      resetEntry(blockEntries[k]);
      entries.push(blockEntries[k]);
    }
    i = j;
  }
  const groups = findCollisions(entries);
  const exposedNames = assignNames(entries);
  const snapshot = assemble(orderedServers, entries, exposedNames, groups, steps);
  memo?.endRun();
  return snapshot;
}

// One server's entries in fleet order, duplicates marked: the block of the run before when the server
// lists the very same facts under the same label, else a new one (whose entries take over what the
// old one's worked out, place by place, where the tool is the same).
function serverBlock(server: ServerToolList, steps: ReconcileSteps, old: Block | undefined): Block {
  const tools = Array.isArray(server.tools) ? server.tools : [];
  const label = server.label ?? server.id;
  const facts: ToolFacts[] = new Array(tools.length);
  let same = old !== undefined && old.label === label && old.facts.length === tools.length;
  for (let i = 0; i < tools.length; i++) {
    facts[i] = steps.facts(tools[i]);
    if (same && facts[i] !== old!.facts[i]) same = false;
  }
  if (same) return old!;
  const kept = steps.memo !== undefined;
  const info = serverInfoOf(server.id, label);
  const entries = facts.map((f, i) => entryOf(server.id, info, label, i + 1, f, kept));
  if (old !== undefined && old.label === label) {
    const byPosition = new Map(old.entries.map((e) => [e.position, e]));
    for (const entry of entries) {
      const was = byPosition.get(entry.position);
      if (was !== undefined && was.facts === entry.facts) inherit(entry, was);
    }
  }
  sortAndMarkDuplicates(entries);
  return { label, facts, entries };
}

function sharedBlock(servers: ServerToolList[], steps: ReconcileSteps): Block {
  const entries: Entry[] = [];
  const facts: ToolFacts[] = [];
  for (const server of servers) {
    const tools = Array.isArray(server.tools) ? server.tools : [];
    const label = server.label ?? server.id;
    const info = serverInfoOf(server.id, label);
    for (let i = 0; i < tools.length; i++) {
      const f = steps.facts(tools[i]);
      facts.push(f);
      entries.push(entryOf(server.id, info, label, i + 1, f, false));
    }
  }
  sortAndMarkDuplicates(entries);
  return { label: "", facts, entries };
}

// Sort before assigning anything: names, suffixes and duplicates must not depend on arrival order.
function sortAndMarkDuplicates(entries: Entry[]): void {
  entries.sort(
    (a, b) =>
      compare(a.name ?? "", b.name ?? "") ||
      (a.name === null ? a.position - b.position : 0) ||
      compare(a.schemaHash, b.schemaHash) ||
      compare(a.descriptionHash, b.descriptionHash) ||
      a.position - b.position,
  );
  markDuplicates(entries);
}

// What an entry worked out depends on its server, name and facts only (and, for the snapshot tool, on
// what the fleet decides, which is compared again): a new entry for the same tool takes it over.
function inherit(entry: Entry, was: Entry): void {
  if (was.kept !== null) entry.kept = was.kept;
}

function entryOf(serverId: string, server: ServerInfo, label: string, position: number, facts: ToolFacts, kept: boolean): Entry {
  return {
    serverId,
    server,
    label,
    position,
    facts,
    name: facts.name,
    originalName: facts.name ?? `(unnamed #${position})`,
    schemaHash: facts.schemaHash,
    descriptionHash: facts.descriptionHash,
    duplicate: false,
    ownExcluded: facts.excluded,
    excluded: facts.excluded,
    warnings: facts.warnings,
    renamed: NONE,
    collidedWith: NO_SERVERS,
    collided: false,
    exposedName: null,
    baseName: "",
    identical: false,
    sanitized: null,
    clash: null,
    kept: kept ? newMemo() : null,
    tool: undefined,
    description: null,
    hash: undefined,
  };
}

function resetEntry(entry: Entry): void {
  entry.hash = undefined;
  entry.description = null;
  entry.excluded = entry.ownExcluded;
  entry.warnings = entry.facts.warnings;
  entry.renamed = NONE;
  entry.collidedWith = NO_SERVERS;
  entry.collided = false;
  entry.exposedName = null;
  entry.baseName = "";
  entry.identical = false;
  entry.sanitized = null;
  entry.clash = null;
}

// One server listing a name twice: the first after sorting is kept, the others are excluded.
function markDuplicates(entries: Entry[]): void {
  for (let i = 0; i < entries.length; ) {
    let j = i + 1;
    const first = entries[i];
    while (j < entries.length && first.name !== null && entries[j].name === first.name) j++;
    for (let k = i + 1; k < j; k++) {
      entries[k].ownExcluded = [duplicateNameViolation(first.name!, first.serverId, j - i), ...entries[k].ownExcluded];
      entries[k].duplicate = true;
    }
    i = j;
  }
}

// Rule 1: a name listed by two or more servers is a collision group; identical when every schema hash matches.
function findCollisions(entries: Entry[]): { name: string; members: Entry[]; identical: boolean }[] {
  // Most names are listed once: a lone entry is kept as itself, a list is made for the second.
  const byName = new Map<string, Entry | Entry[]>();
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (entry.name === null || entry.duplicate) continue;
    const group = byName.get(entry.name);
    if (group === undefined) byName.set(entry.name, entry);
    else if (Array.isArray(group)) group.push(entry);
    else byName.set(entry.name, [group, entry]);
  }
  const groups: { name: string; members: Entry[]; identical: boolean }[] = [];
  // Rule 1's groups in name order, each member with its entry: assemble reads the exposed names off them.
  byName.forEach((members) => {
    if (!Array.isArray(members)) return;
    const name = members[0].name!;
    let oneServer = true;
    let identical = true;
    for (let i = 1; i < members.length; i++) {
      if (members[i].serverId !== members[0].serverId) oneServer = false;
      if (members[i].schemaHash !== members[0].schemaHash) identical = false;
    }
    if (oneServer) return;
    groups.push({ name, members, identical });
    for (let i = 0; i < members.length; i++) {
      const member = members[i];
      member.collided = true;
      member.identical = identical;
      member.collidedWith = otherServers(member, members);
    }
  });
  // In name order: names are unique here, and the default sort compares them by UTF-16 code units.
  const byGroupName = new Map(groups.map((g) => [g.name, g]));
  return groups.map((g) => g.name).sort().map((name) => byGroupName.get(name)!);
}

// The other members' servers, in order (a server lists a name once, duplicates aside); the list of the
// run before when it is the same, so what was worked out from it holds.
function otherServers(member: Entry, members: Entry[]): readonly string[] {
  const kept = member.kept;
  const before = kept?.others;
  if (before !== undefined && before.length === members.length - 1) {
    let k = 0;
    let same = true;
    for (const m of members) {
      if (m === member) continue;
      if (before[k++] !== m.serverId) {
        same = false;
        break;
      }
    }
    if (same) return before;
  }
  let others: string[];
  if (members.length === 2) others = [members[0] === member ? members[1].serverId : members[0].serverId];
  else {
    others = [];
    for (const m of members) if (m !== member) others.push(m.serverId);
  }
  if (kept !== null) {
    kept.others = others;
    kept.collisionRenamed = undefined;
    kept.identicalWarnings = undefined;
  }
  return others;
}

function identicalWarnings(member: Entry): readonly Finding[] {
  if (member.kept?.identicalWarnings !== undefined) return member.kept.identicalWarnings;
  const others = member.collidedWith;
  const warnings = [
    ...member.facts.warnings,
    {
      code: "collision:identical",
      message: `${JSON.stringify(member.name)} has the same schema on ${others.join(", ")}: often the same server registered twice`,
      fix: "remove the duplicate server from the config",
    },
  ];
  if (member.kept !== null) member.kept.identicalWarnings = warnings;
  return warnings;
}

// sanitizeName; a name valid as it is (most) gets the shared empty reasons (never written to).
function sanitizedName(candidate: string, serverId: string, originalName: string): SanitizedName {
  return EXPOSED_NAME_PATTERN.test(candidate) ? { name: candidate, reasons: NONE as Finding[] } : sanitizeName(candidate, serverId, originalName);
}

// The findings the fleet's decisions give an entry, written once the names are settled (and after the
// hashes, in a one-shot run, so the collector finds fewer new objects alive while hashing).
function settle(entry: Entry): void {
  if (entry.identical) entry.warnings = identicalWarnings(entry);
  const sanitized = entry.sanitized;
  if (sanitized === null) return;
  let renamed: readonly Finding[];
  if (entry.collided) {
    const kept = entry.kept;
    renamed = kept?.collisionRenamed ?? [
      { code: "name:collision", message: `${JSON.stringify(entry.name)} is also listed by ${entry.collidedWith.join(", ")}; exposed as ${prefixedName(entry.serverId, entry.name!)}` },
      ...sanitized.reasons,
    ];
    if (kept !== null) kept.collisionRenamed = renamed;
  } else renamed = sanitized.reasons.length > 0 ? sanitized.reasons : NONE;
  entry.renamed = entry.clash === null ? renamed : [...renamed, entry.clash];
}

// Rules 1-2: prefix on collision, sanitize, then give every renamed name that meets another one a
// suffix. Returns each exposed name with its entry (exposed names are unique once this is done).
function assignNames(entries: Entry[]): Map<string, Entry> {
  const active: Entry[] = [];
  for (let i = 0; i < entries.length; i++) if (entries[i].excluded.length === 0) active.push(entries[i]);
  for (let i = 0; i < active.length; i++) {
    const entry = active[i];
    const name = entry.name!;
    const kept = entry.kept;
    let sanitized: SanitizedName;
    if (entry.collided) {
      sanitized = kept?.prefixed ?? sanitizedName(prefixedName(entry.serverId, name), entry.serverId, name);
      if (kept !== null) kept.prefixed = sanitized;
    } else {
      sanitized = kept?.plain ?? sanitizedName(name, entry.serverId, name);
      if (kept !== null) kept.plain = sanitized;
    }
    entry.sanitized = sanitized;
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
    for (let i = 0; i < active.length; i++) {
      const entry = active[i];
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
    if (clashes.length === 0) return byName as Map<string, Entry>;
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
        // A later round's clash replaces the earlier one: the renames end with the last.
        entry.clash = { code: "name:clash", message: `${clashedWith} meets another exposed name; it became ${entry.exposedName}` };
      }
    }
  }
}

// Once names are assigned, each member's exposed name is its entry's. Both lists are in name order: a
// group of the run before that says the same is handed out again.
function collisionGroups(groups: { name: string; members: Entry[]; identical: boolean }[], before: readonly CollisionGroup[]): CollisionGroup[] {
  const out: CollisionGroup[] = new Array(groups.length);
  let b = 0;
  for (let g = 0; g < groups.length; g++) {
    const { name, members, identical } = groups[g];
    const kind = identical ? "identical" : "divergent";
    while (b < before.length && before[b].name < name) b++;
    const was = b < before.length && before[b].name === name ? before[b] : undefined;
    if (was !== undefined && was.kind === kind && was.members.length === members.length && members.every((m, i) => sameMember(was.members[i], m))) {
      out[g] = was;
      continue;
    }
    out[g] = { name, kind, members: members.map((m) => ({ serverId: m.serverId, exposedName: m.exposedName, schemaHash: m.schemaHash })) };
  }
  return out;
}

function sameMember(member: CollisionGroup["members"][number], entry: Entry): boolean {
  return member.serverId === entry.serverId && member.exposedName === entry.exposedName && member.schemaHash === entry.schemaHash;
}

// The snapshot from the decided entries. Work that leaves much garbage (tool hashes, the fleet hash)
// comes before the tools and maps are made: a young-generation collection then finds few new objects
// alive to move, which at 10,000 tools is worth more than any single step here.
function assemble(
  servers: ServerToolList[],
  entries: Entry[],
  exposedNames: Map<string, Entry>,
  groups: { name: string; members: Entry[]; identical: boolean }[],
  steps: ReconcileSteps,
): FleetSnapshot {
  const memo = steps.memo;
  // Which snapshot tools of the last run still hold (a one-shot run has none, and settles its entries later).
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    const last = entry.kept?.last;
    if (last === undefined) {
      entry.tool = undefined;
      continue;
    }
    settle(entry);
    entry.tool =
      last.exposedName === entry.exposedName &&
      last.collided === entry.collided &&
      sameFindings(last.excluded, entry.excluded) &&
      sameFindings(last.warnings, entry.warnings) &&
      sameFindings(last.renamed, entry.renamed)
        ? last.tool
        : undefined;
  }
  // Exposed names are unique, so sorting the names alone gives the order; the default sort compares
  // strings by UTF-16 code units, as compareCodeUnits does. The same names as the run before keep its order.
  const before = memo?.aliases;
  const names = before !== undefined && sameNames(before.names, exposedNames) ? before.names : [...exposedNames.keys()].sort();
  const toolHashes: string[] = new Array(names.length);
  for (let k = 0; k < names.length; k++) {
    const entry = exposedNames.get(names[k])!;
    const kept = entry.tool;
    let hash = kept !== undefined ? memo?.toolHashOf(kept) : undefined;
    if (hash === undefined) {
      if (kept !== undefined) hash = steps.toolHash(entry.facts, names[k], kept.description);
      else {
        const json = exposedDescription(entry);
        hash = steps.toolHash(entry.facts, names[k], entry.description!, json);
      }
    }
    entry.hash = toolHashes[k] = hash;
  }
  const fleetHash = fleetHashOf(toolHashes);

  const excluded: SnapshotTool[] = [];
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    let tool = entry.tool;
    if (tool === undefined) {
      if (entry.kept?.last === undefined) settle(entry);
      entry.tool = tool = toSnapshotTool(entry);
      if (entry.kept !== null) entry.kept.last = { tool, exposedName: entry.exposedName, collided: entry.collided, excluded: entry.excluded, warnings: entry.warnings, renamed: entry.renamed };
    }
    if (tool.exposedName === null) excluded.push(tool);
  }
  const exposed: SnapshotTool[] = new Array(names.length);
  let forward: Record<string, ForwardEntry> = {};
  let reverse: Record<string, string> = {};
  if (memo === undefined) {
    for (let k = 0; k < names.length; k++) {
      const tool = exposedNames.get(names[k])!.tool!;
      exposed[k] = tool;
      forward[names[k]] = { serverId: tool.serverId, originalName: tool.originalName };
      reverse[`${tool.serverId}:${tool.originalName}`] = names[k];
    }
  } else {
    // Kept entries keep their alias map entries; maps that would say the same are the last run's.
    const forwards: ForwardEntry[] = new Array(names.length);
    const reverseKeys: string[] = new Array(names.length);
    let sameAliases = before !== undefined && before.names === names;
    for (let k = 0; k < names.length; k++) {
      const entry = exposedNames.get(names[k])!;
      const tool = entry.tool!;
      exposed[k] = tool;
      memo.rememberHash(tool, entry.hash!);
      // Entries of servers sharing an id keep nothing (their block is made afresh every run).
      const kept = entry.kept ?? newMemo();
      forwards[k] = kept.forward ??= { serverId: tool.serverId, originalName: tool.originalName };
      reverseKeys[k] = kept.reverseKey ??= `${tool.serverId}:${tool.originalName}`;
      if (sameAliases && (reverseKeys[k] !== before!.reverseKeys[k] || !sameForward(forwards[k], before!.forwards[k]))) sameAliases = false;
    }
    if (sameAliases) ({ forward, reverse } = before!);
    else {
      for (let k = 0; k < names.length; k++) {
        forward[names[k]] = forwards[k];
        reverse[reverseKeys[k]] = names[k];
      }
    }
    memo.aliases = { names, forwards, reverseKeys, forward, reverse };
  }
  for (let i = 0; i < excluded.length; i++) exposed.push(excluded[i]);
  const collisions = collisionGroups(groups, memo?.collisions ?? []);
  if (memo) memo.collisions = collisions;
  const snapshotServers: SnapshotServer[] = servers.map((s) => ({
    id: s.id,
    ...(s.label !== undefined ? { label: s.label } : {}),
    status: s.status,
    ...(s.error !== undefined ? { error: s.error } : {}),
    toolCount: Array.isArray(s.tools) ? s.tools.length : 0,
  }));
  return { fleetHash, servers: snapshotServers, tools: exposed, collisions, forward, reverse };
}

function sameNames(names: readonly string[], exposed: Map<string, Entry>): boolean {
  if (names.length !== exposed.size) return false;
  for (let i = 0; i < names.length; i++) if (!exposed.has(names[i])) return false;
  return true;
}

function sameForward(a: ForwardEntry, b: ForwardEntry): boolean {
  return a === b || (a.serverId === b.serverId && a.originalName === b.originalName);
}

function codesOf(findings: readonly Finding[]): string {
  let out = findings[0].code;
  for (let i = 1; i < findings.length; i++) out += `, ${findings[i].code}`;
  return out;
}

// An exposed tool's final description, kept on the entry, and its JSON text when it comes cheap: a tag
// before the tool's own description is the tag's JSON and the description's (JSON escapes each UTF-16
// unit on its own, and a tag ends with a space, so no surrogate pair is split).
function exposedDescription(entry: Entry): string | undefined {
  const { facts } = entry;
  if (facts.analysis.flatten.status !== "flattened") {
    if (!entry.collided) {
      entry.description = facts.description;
      return facts.descriptionJson;
    }
    const tag = entry.server.tag;
    const own = facts.description;
    if (tag !== "" && own !== "" && !own.startsWith(tag) && own !== tag.trimEnd()) {
      entry.description = tag + own;
      return entry.server.tagJsonOpen + facts.descriptionJson.slice(1);
    }
  }
  entry.description = finalDescriptionOf(entry, false);
  return undefined;
}

// The description a model sees (rules 3-4): the tool's own when excluded or neither tagged nor flattened.
function finalDescriptionOf(entry: Entry, isExcluded: boolean): string {
  const { facts } = entry;
  const flattened = facts.analysis.flatten.status === "flattened" ? facts.analysis.flatten.info : null;
  return isExcluded || (flattened === null && !entry.collided)
    ? facts.description
    : finalDescription(facts.description, { sentence: flattened?.sentence, tag: entry.collided ? entry.label : undefined });
}

function toSnapshotTool(entry: Entry): SnapshotTool {
  const { facts } = entry;
  const { analysis } = facts;
  const isExcluded = entry.excluded.length > 0 || entry.exposedName === null;
  const flattened = analysis.flatten.status === "flattened" ? analysis.flatten.info : null;
  // An exposed tool's description was written for its hash.
  const description = !isExcluded && entry.description !== null ? entry.description : finalDescriptionOf(entry, isExcluded);
  // Claude Code's name, from the server's part (sanitized once per server) and the tool's.
  const toolPart = sanitizeNamePart(entry.originalName);
  const claudeName = `mcp__${entry.server.part}__${toolPart}`;
  // Nothing to say when neither part changed and the server id holds no "__" (the common case).
  const claudeFindings = entry.name === null || (entry.server.plain && toolPart === entry.name) ? NONE : claudeCodeNameFindings(entry.serverId, entry.name);
  const lengthFinding = facts.lengthFinding;
  const warnings: Finding[] =
    entry.warnings.length + analysis.warnings.length + claudeFindings.length === 0 ? [] : [...entry.warnings, ...analysis.warnings, ...claudeFindings];
  if (lengthFinding) warnings.push(lengthFinding);
  const spec = specCheck(entry.excluded.length === 0 ? NONE : entry.excluded.filter((f) => f.code.startsWith("spec:")));
  const nameCheck = isExcluded
    ? SKIP_NAME
    : entry.renamed.length > 0
      ? { check: "name", status: "warn" as const, message: `exposed as ${entry.exposedName} (${codesOf(entry.renamed)})` }
      : PASS_NAME;
  const claudeCheck =
    entry.name === null
      ? SKIP_CLAUDE_NAME
      : claudeFindings.length > 0
        ? { check: "claude-name", status: "warn" as const, message: claudeFindings.map((f) => f.message).join("; ") }
        : PASS_CLAUDE_NAME;
  const lengthCheck = lengthFinding ? { check: "description-length", status: "warn" as const, message: lengthFinding.message } : PASS_DESCRIPTION;
  // The analysis has its four checks (flatten, property-names, metaschema, portability): one literal.
  const own = analysis.checks;
  const checks: CheckResult[] =
    own.length === 4 ? [spec, own[0], own[1], own[2], own[3], nameCheck, claudeCheck, lengthCheck] : [spec, ...own, nameCheck, claudeCheck, lengthCheck];
  const exposedName = isExcluded ? null : entry.exposedName;
  // The analysis may come from another tool with the same canonical schema: keep this tool's own object.
  const inputSchema = flattened ? analysis.finalSchema : facts.inputSchema;
  // The reasons are this entry's own list (made for it, never written after): not copied.
  const renamed = !isExcluded && entry.renamed.length > 0 ? { reasons: entry.renamed as Finding[] } : null;
  const excluded = isExcluded ? { reasons: [...entry.excluded] } : null;
  // Properties in the contract's order; title and annotations only when the server sent them. Most
  // tools have neither: one literal makes them in one go.
  if (facts.title === undefined && facts.annotations === undefined) {
    return {
      serverId: entry.serverId,
      originalName: entry.originalName,
      exposedName,
      claudeCodeName: claudeName,
      description,
      inputSchema,
      originalDescription: facts.description,
      originalInputSchema: facts.inputSchema,
      schemaHash: facts.schemaHash,
      descriptionHash: facts.descriptionHash,
      annotationsHash: facts.annotationsHash,
      flattened,
      renamed,
      excluded,
      warnings,
      checks,
    };
  }
  const tool: Partial<SnapshotTool> = { serverId: entry.serverId, originalName: entry.originalName, exposedName, claudeCodeName: claudeName };
  if (facts.title !== undefined) tool.title = facts.title;
  if (facts.annotations !== undefined) tool.annotations = facts.annotations;
  tool.description = description;
  tool.inputSchema = inputSchema;
  tool.originalDescription = facts.description;
  tool.originalInputSchema = facts.inputSchema;
  tool.schemaHash = facts.schemaHash;
  tool.descriptionHash = facts.descriptionHash;
  tool.annotationsHash = facts.annotationsHash;
  tool.flattened = flattened;
  tool.renamed = renamed;
  tool.excluded = excluded;
  tool.warnings = warnings;
  tool.checks = checks;
  return tool as SnapshotTool;
}
