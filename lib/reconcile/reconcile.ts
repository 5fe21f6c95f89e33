/**
 * The reconciler (docs/fleet-snapshot.md, rules 1-7): raw tool lists of every server
 * in, one deterministic FleetSnapshot out: collisions, exposed names, final descriptions and
 * schemas, exclusions with every reason, alias maps and the fleet hash. Pure; never throws.
 */
import { canonicalJson } from "../schema/canonical-json";
import { sha256Hex } from "../schema/hash";
import { compareCodeUnits, isPlainObject } from "@/lib/json/values";
import { duplicateNameViolation, specCheck, toolIdentityViolations } from "../schema/spec";
import { withConstraintSentence } from "../schema/flatten";
import { descriptionLengthFinding, finalDescription } from "./describe";
import { canonicalClaudeTool, fleetHashOf, toolHashOfText } from "./fleet-hash";
import { claudeCodeName, claudeCodeNameFindings, nameSuffix, prefixedName, sanitizeName, stripInvisible, withSuffix } from "./names";
import { SchemaAnalysisCache, type SchemaAnalysis } from "./schema-analysis";
import type {
  CheckResult,
  CollisionGroup,
  Finding,
  FleetSnapshot,
  ForwardEntry,
  ServerToolList,
  SnapshotServer,
  SnapshotTool,
  ToolAnnotations,
} from "./types";

interface Entry {
  serverId: string;
  label: string;
  /** 1-based place in the server's list. */
  position: number;
  name: string | null;
  originalName: string;
  title?: string;
  annotations?: ToolAnnotations;
  description: string;
  inputSchema: unknown;
  schemaHash: string;
  descriptionHash: string;
  annotationsHash: string | null;
  analysis: SchemaAnalysis;
  excluded: Finding[];
  warnings: Finding[];
  renamed: Finding[];
  /** The other servers listing the same name (empty when unique). */
  collidedWith: string[];
  collided: boolean;
  exposedName: string | null;
  /** The sanitized name before any clash suffix. */
  baseName: string;
}

// Checks that pass say the same thing for every tool: one frozen object each, not 10,000.
const PASS_NAME: CheckResult = Object.freeze({ check: "name", status: "pass", message: "exposed under its original name" });
const SKIP_NAME: CheckResult = Object.freeze({ check: "name", status: "skipped", message: "name check skipped: the tool is excluded" });
const PASS_CLAUDE_NAME: CheckResult = Object.freeze({ check: "claude-name", status: "pass", message: "Claude Code sends mcp__<server>__<tool> with nothing replaced" });
const SKIP_CLAUDE_NAME: CheckResult = Object.freeze({ check: "claude-name", status: "skipped", message: "claude-name check skipped: the tool has no name" });
const PASS_DESCRIPTION: CheckResult = Object.freeze({ check: "description-length", status: "pass", message: "within Claude Code's 4,096 characters (flattening sentence included)" });

const compare = compareCodeUnits;

/** Reconciles every server's tool list into one FleetSnapshot; the result ignores input order. */
export function reconcile(servers: ServerToolList[]): FleetSnapshot {
  const cache = new SchemaAnalysisCache();
  const descriptionHashes = new Map<string, string>();
  const orderedServers = [...servers].sort((a, b) => compare(a.id, b.id));
  const entries: Entry[] = [];
  for (const server of orderedServers) {
    const tools = Array.isArray(server.tools) ? server.tools : [];
    tools.forEach((raw, i) => entries.push(readTool(server, raw, i + 1, cache, descriptionHashes)));
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
  const collisions = findCollisions(entries);
  assignNames(entries);
  return assemble(orderedServers, entries, collisions);
}

function readTool(
  server: ServerToolList,
  raw: unknown,
  position: number,
  cache: SchemaAnalysisCache,
  descriptionHashes: Map<string, string>,
): Entry {
  const tool = isPlainObject(raw) ? raw : {};
  const name = typeof tool.name === "string" && tool.name.length > 0 ? tool.name : null;
  const warnings: Finding[] = [];
  let description = "";
  if (typeof tool.description === "string") description = tool.description;
  else if (tool.description !== undefined && tool.description !== null) {
    warnings.push({ code: "spec:description-not-string", message: `the description is ${JSON.stringify(tool.description)}, not a string; it was left out` });
  }
  const inputSchema = tool.inputSchema;
  const canonical = canonicalJson(inputSchema);
  const schemaHash = sha256Hex(canonical);
  const analysis = cache.get(schemaHash, inputSchema, canonical);
  // Registering one server twice repeats every description: hash each distinct text once.
  let descriptionHash = descriptionHashes.get(description);
  if (descriptionHash === undefined) {
    descriptionHash = sha256Hex(JSON.stringify(description));
    descriptionHashes.set(description, descriptionHash);
  }
  const annotations = isPlainObject(tool.annotations) ? (tool.annotations as ToolAnnotations) : undefined;
  // Schema spec violations come with the (cached) analysis; a non-object entry has no schema to speak of.
  const identity = toolIdentityViolations(raw);
  const excluded = isPlainObject(raw) ? [...identity, ...analysis.errors] : identity;
  return {
    serverId: server.id,
    label: server.label ?? server.id,
    position,
    name,
    originalName: name ?? `(unnamed #${position})`,
    title: typeof tool.title === "string" ? tool.title : undefined,
    annotations,
    description,
    inputSchema,
    schemaHash,
    descriptionHash,
    annotationsHash: annotations ? sha256Hex(canonicalJson(annotations)) : null,
    analysis,
    excluded,
    warnings,
    renamed: [],
    collidedWith: [],
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
    for (let k = i + 1; k < j; k++) entries[k].excluded.unshift(duplicateNameViolation(first.name!, first.serverId, j - i));
    i = j;
  }
}

function isDuplicate(entry: Entry): boolean {
  return entry.excluded.some((f) => f.code === "spec:duplicate-name");
}

// Rule 1: a name listed by two or more servers is a collision group; identical when every schema hash matches.
function findCollisions(entries: Entry[]): CollisionGroup[] {
  const byName = new Map<string, Entry[]>();
  for (const entry of entries) {
    if (entry.name === null || isDuplicate(entry)) continue;
    const group = byName.get(entry.name);
    if (group) group.push(entry);
    else byName.set(entry.name, [entry]);
  }
  const groups: { name: string; members: Entry[] }[] = [];
  for (const [name, members] of byName) {
    if (new Set(members.map((m) => m.serverId)).size < 2) continue;
    groups.push({ name, members });
    const identical = members.every((m) => m.schemaHash === members[0].schemaHash);
    for (const member of members) {
      const others = [...new Set(members.filter((m) => m.serverId !== member.serverId).map((m) => m.serverId))];
      member.collided = true;
      member.collidedWith = others;
      if (identical) {
        member.warnings.push({
          code: "collision:identical",
          message: `${JSON.stringify(name)} has the same schema on ${others.join(", ")}: often the same server registered twice`,
          fix: "remove the duplicate server from the config",
        });
      }
    }
  }
  return groups
    .sort((a, b) => compare(a.name, b.name))
    .map(({ name, members }) => ({
      name,
      kind: members.every((m) => m.schemaHash === members[0].schemaHash) ? "identical" : "divergent",
      // exposedName is filled in once names are assigned (assemble).
      members: members.map((m) => ({ serverId: m.serverId, exposedName: null, schemaHash: m.schemaHash })),
    }));
}

// Rules 1-2: prefix on collision, sanitize, then give every renamed name that meets another one a suffix.
function assignNames(entries: Entry[]): void {
  const active = entries.filter((e) => e.excluded.length === 0);
  for (const entry of active) {
    const name = entry.name!;
    let candidate = name;
    if (entry.collided) {
      candidate = prefixedName(entry.serverId, name);
      entry.renamed.push({
        code: "name:collision",
        message: `${JSON.stringify(name)} is also listed by ${entry.collidedWith.join(", ")}; exposed as ${candidate}`,
      });
    }
    const sanitized = sanitizeName(candidate, entry.serverId, name);
    entry.renamed.push(...sanitized.reasons);
    entry.exposedName = sanitized.name;
    entry.baseName = sanitized.name;
  }
  const suffixes = [
    (e: Entry) => nameSuffix(e.serverId, e.name!),
    (e: Entry) => nameSuffix(e.serverId, e.name!, 16),
    (e: Entry) => sha256Hex(`${e.serverId}:${e.name}#${e.position}:${e.schemaHash}`).slice(0, 16),
  ];
  for (let round = 0; ; round++) {
    const byName = new Map<string, Entry[]>();
    for (const entry of active) {
      if (entry.exposedName === null) continue;
      const group = byName.get(entry.exposedName);
      if (group) group.push(entry);
      else byName.set(entry.exposedName, [entry]);
    }
    const clashes = [...byName.values()].filter((g) => g.length > 1);
    if (clashes.length === 0) return;
    for (const group of clashes) {
      const renamed = group.filter((e) => e.exposedName !== e.name);
      const targets = renamed.length > 0 ? renamed : group.slice(1);
      for (const entry of targets) {
        if (round >= suffixes.length) {
          entry.exposedName = null;
          entry.excluded.push({ code: "name:clash", message: `no unique exposed name could be made for ${entry.serverId}:${entry.name}` });
          continue;
        }
        const clashedWith = entry.exposedName!;
        entry.exposedName = withSuffix(entry.baseName, suffixes[round](entry));
        if (round === 0) {
          entry.renamed.push({
            code: "name:clash",
            message: `${clashedWith} meets another exposed name; it became ${entry.exposedName}`,
          });
        } else {
          entry.renamed[entry.renamed.length - 1] = {
            code: "name:clash",
            message: `${clashedWith} meets another exposed name; it became ${entry.exposedName}`,
          };
        }
      }
    }
  }
}

function assemble(servers: ServerToolList[], entries: Entry[], collisions: CollisionGroup[]): FleetSnapshot {
  const tools = entries.map(toSnapshotTool);
  const exposed = tools.filter((t) => t.exposedName !== null).sort((a, b) => compare(a.exposedName!, b.exposedName!));
  const excluded = tools.filter((t) => t.exposedName === null);
  const forward: Record<string, ForwardEntry> = {};
  const reverse: Record<string, string> = {};
  for (const tool of exposed) {
    forward[tool.exposedName!] = { serverId: tool.serverId, originalName: tool.originalName };
    reverse[`${tool.serverId}:${tool.originalName}`] = tool.exposedName!;
  }
  const exposedOf = new Map(entries.filter((e) => e.name !== null && !isDuplicate(e)).map((e) => [`${e.serverId}:${e.name}`, e.exposedName]));
  for (const group of collisions) {
    for (const member of group.members) member.exposedName = exposedOf.get(`${member.serverId}:${group.name}`) ?? null;
  }
  const finalCanonical = new Map<SnapshotTool, string>();
  entries.forEach((e, i) => finalCanonical.set(tools[i], e.analysis.finalCanonical));
  const snapshotServers: SnapshotServer[] = servers.map((s) => ({
    id: s.id,
    ...(s.label !== undefined ? { label: s.label } : {}),
    status: s.status,
    ...(s.error !== undefined ? { error: s.error } : {}),
    toolCount: Array.isArray(s.tools) ? s.tools.length : 0,
  }));
  return {
    fleetHash: fleetHashOf(exposed.map((t) => toolHashOfText(canonicalClaudeTool(t.exposedName!, t.description, finalCanonical.get(t)!)))),
    servers: snapshotServers,
    tools: [...exposed, ...excluded],
    collisions,
    forward,
    reverse,
  };
}

function toSnapshotTool(entry: Entry): SnapshotTool {
  const { analysis } = entry;
  const isExcluded = entry.excluded.length > 0 || entry.exposedName === null;
  const flattened = analysis.flatten.status === "flattened" ? analysis.flatten.info : null;
  const description = isExcluded
    ? entry.description
    : finalDescription(entry.description, { sentence: flattened?.sentence, tag: entry.collided ? entry.label : undefined });
  const warnings = [...entry.warnings, ...analysis.warnings];
  const claudeName = claudeCodeName(entry.serverId, entry.originalName);
  const claudeFindings = entry.name === null ? [] : claudeCodeNameFindings(entry.serverId, entry.name);
  warnings.push(...claudeFindings);
  // Claude Code's own form of the description: the flattening sentence, never our tag.
  const own = stripInvisible(entry.description);
  const lengthFinding = descriptionLengthFinding(flattened ? withConstraintSentence(flattened.sentence, own) : own);
  if (lengthFinding) warnings.push(lengthFinding);

  const spec = [...entry.excluded.filter((f) => f.code.startsWith("spec:"))];
  const checks: CheckResult[] = [
    specCheck(spec),
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
  return {
    serverId: entry.serverId,
    originalName: entry.originalName,
    exposedName: isExcluded ? null : entry.exposedName,
    claudeCodeName: claudeName,
    ...(entry.title !== undefined ? { title: entry.title } : {}),
    ...(entry.annotations !== undefined ? { annotations: entry.annotations } : {}),
    description,
    inputSchema: analysis.finalSchema,
    originalDescription: entry.description,
    originalInputSchema: entry.inputSchema,
    schemaHash: entry.schemaHash,
    descriptionHash: entry.descriptionHash,
    annotationsHash: entry.annotationsHash,
    flattened,
    renamed: !isExcluded && entry.renamed.length > 0 ? { reasons: entry.renamed } : null,
    excluded: isExcluded ? { reasons: entry.excluded } : null,
    warnings,
    checks,
  };
}
