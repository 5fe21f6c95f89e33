/**
 * A deterministic synthetic fleet for the reconcile benchmark: servers with realistic tool
 * schemas, shared tool names (divergent collisions), cloned servers (identical collisions),
 * root combinators, bad property names and draft-07 schemas. Seeded PRNG: same fleet every run.
 */
import type { ServerToolList } from "../lib/reconcile/types";

// mulberry32: tiny, seedable, good enough to vary shapes.
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SERVER_BASES = ["github", "linear", "jira", "slack", "notion", "admob", "sentry", "stripe", "figma", "postgres"];
const VERBS = ["create", "get", "list", "update", "delete", "search", "archive", "sync", "export", "import", "assign", "close"];
const NOUNS = ["issue", "project", "comment", "user", "team", "file", "page", "report", "invoice", "event", "channel", "message", "label", "branch", "task", "record"];
const PROP_WORDS = ["id", "name", "title", "body", "query", "limit", "cursor", "owner", "repo", "team_id", "status", "priority", "tags", "due_date", "assignee", "format", "path", "url", "amount", "currency"];
const TEXT = ["Returns the matching items.", "Use this when the user asks for it by name.", "Fails when the item does not exist.", "Results are paginated with a cursor.", "Requires write access.", "The operation is idempotent."];

export interface SyntheticFleetOptions {
  servers: number;
  toolsPerServer: number;
  seed?: number;
}

/**
 * Half the servers are distinct packages; the other half register one of them again, as teams do
 * (a project and a user config, two ids for one server): every other one at the same version
 * (identical collisions), the rest at a drifted version where one tool in ten changed (divergent).
 * Each server's list is its own copy, as if parsed from its own tools/list response.
 */
export function syntheticFleet({ servers, toolsPerServer, seed = 2026 }: SyntheticFleetOptions): ServerToolList[] {
  const rand = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const packages = Math.ceil(servers / 2);
  const lists: unknown[][] = [];
  for (let p = 0; p < packages; p++) lists.push(packageTools(rand, pick, p, toolsPerServer));
  const out: ServerToolList[] = [];
  for (let s = 0; s < servers; s++) {
    const p = s % packages;
    const id = `${SERVER_BASES[p % SERVER_BASES.length]}${p >= SERVER_BASES.length ? `-${p}` : ""}${s >= packages ? "-again" : ""}`;
    const tools = structuredClone(lists[p]) as { description: string; inputSchema: { properties: Record<string, unknown> } }[];
    if (s >= packages && s % 2 === 1) {
      for (let t = 0; t < tools.length; t += 10) {
        tools[t].inputSchema.properties.since_version = { type: "string", description: "Added upstream." };
        tools[t].description += " Changed upstream.";
      }
    }
    out.push({ id, status: "ready", tools });
  }
  return out;
}

function packageTools(rand: () => number, pick: <T>(l: readonly T[]) => T, p: number, count: number): unknown[] {
  const prefix = `${SERVER_BASES[p % SERVER_BASES.length]}${p}`;
  const tools: unknown[] = [];
  const used = new Set<string>();
  for (let t = 0; t < count; t++) {
    // About one tool in eight takes a common name that other packages also list: divergent collisions.
    let name = rand() < 0.125 ? `${pick(VERBS)}_${pick(NOUNS)}` : `${prefix}_${pick(VERBS)}_${pick(NOUNS)}_${t}`;
    if (used.has(name)) name = `${name}_${t}`;
    if (t === 7 && p % 25 === 3) name = `admin.${name}`; // MCP-valid, Claude-invalid
    if (t === 8 && p % 20 === 5) name = `${name}_${"with_a_really_long_descriptive_suffix_".repeat(2)}`; // too long once prefixed
    used.add(name);
    tools.push({ name, description: description(rand, pick), inputSchema: schema(rand, pick, p, t) });
  }
  return tools;
}

function description(rand: () => number, pick: <T>(l: readonly T[]) => T): string {
  const sentences = 1 + Math.floor(rand() * 3);
  let text = `${pick(VERBS)[0].toUpperCase()}${pick(VERBS).slice(1)}s a ${pick(NOUNS)} in the workspace.`;
  for (let i = 0; i < sentences; i++) text += " " + pick(TEXT);
  return text;
}

function property(rand: () => number, pick: <T>(l: readonly T[]) => T, depth: number): Record<string, unknown> {
  const kind = rand();
  if (kind < 0.35) return { type: "string", description: `The ${pick(PROP_WORDS)} to use.`, ...(rand() < 0.2 ? { pattern: "^[a-z0-9-]+$" } : {}) };
  if (kind < 0.5) return { type: "integer", minimum: 0, maximum: 100 + Math.floor(rand() * 900) };
  if (kind < 0.6) return { type: "boolean", default: rand() < 0.5 };
  if (kind < 0.72) return { type: "string", enum: ["open", "closed", "all", "draft"].slice(0, 2 + Math.floor(rand() * 3)) };
  if (kind < 0.84) return { type: "array", items: { type: "string" }, maxItems: 50 };
  if (kind < 0.92 && depth < 2) {
    const props: Record<string, unknown> = {};
    for (let i = 0; i < 2 + Math.floor(rand() * 3); i++) props[`${pick(PROP_WORDS)}${i}`] = property(rand, pick, depth + 1);
    return { type: "object", properties: props, required: Object.keys(props).slice(0, 1), additionalProperties: false };
  }
  // A nested combinator: left untouched by flattening.
  return { anyOf: [{ type: "string" }, { type: "null" }], description: "Optional." };
}

function schema(rand: () => number, pick: <T>(l: readonly T[]) => T, s: number, t: number): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const count = 2 + Math.floor(rand() * 7);
  for (let i = 0; i < count; i++) properties[i === 0 ? "id" : `${pick(PROP_WORDS)}_${i}`] = property(rand, pick, 0);
  const base: Record<string, unknown> = { type: "object", properties, required: Object.keys(properties).slice(0, 1 + Math.floor(rand() * 2)) };
  const roll = rand();
  if (roll < 0.04) {
    base.oneOf = [
      { properties: { key: { type: "string" } }, required: ["key"] },
      { properties: { slug: { type: "string" } }, required: ["slug"] },
    ];
  } else if (roll < 0.07) {
    base.anyOf = [{ required: ["id"] }, { properties: { email: { type: "string", format: "email" } }, required: ["email"] }];
  } else if (roll < 0.09) {
    base.allOf = [{ properties: { page: { type: "integer" } } }, { properties: { per_page: { type: "integer" } }, required: ["per_page"] }];
  }
  if ((s * 50 + t) % 97 === 0) properties["bad name!"] = { type: "string" };
  if ((s * 50 + t) % 89 === 0) base.$schema = "http://json-schema.org/draft-07/schema#";
  return base;
}
