/**
 * Profile suggestions (docs/profiles.md "Suggestions"): sets of servers in which no tool name collides.
 * Two servers conflict when they list a tool of the same name (a collision group of the reconciler); a
 * suggestion is a largest-possible set of servers with no two in conflict (a maximal independent set of
 * that graph), so adding any other server would bring a collision back. Ranked by the tools they keep,
 * each with the member of every collision group it keeps and, when a cost function is given, the
 * tokens it saves against the whole fleet. Pure and deterministic.
 */
import { compareCodeUnits } from "@/lib/json/values";
import type { FleetSnapshot } from "@/lib/reconcile/types";
import { PROFILE_NAME_PATTERN } from "./profiles-file";

export interface ProfileSuggestion {
  /** A name to start from: the servers joined by `-` when short and a valid name, else `no-collisions-<n>`. */
  name: string;
  servers: string[];
  /** Servers of the fleet it leaves out. */
  leftOut: string[];
  /** Per collision name of the whole fleet, the server whose tool the profile keeps (null: none of them). */
  keeps: { name: string; serverId: string | null }[];
  /** Tools it exposes (excluded tools do not count). */
  tools: number;
  /** Up-front tokens it saves against the whole fleet, when costed. */
  saves?: { tokens: number; of: number };
}

/** How many maximal sets are enumerated at most before ranking (a fleet of many mutually colliding servers has exponentially many). */
const MAX_SETS = 5_000;

export function suggestProfiles(snapshot: FleetSnapshot, limit = 5): ProfileSuggestion[] {
  if (snapshot.collisions.length === 0) return [];
  const ids = snapshot.servers.map((s) => s.id).sort(compareCodeUnits);
  const conflicts = new Map<string, Set<string>>(ids.map((id) => [id, new Set<string>()]));
  for (const group of snapshot.collisions) {
    const members = [...new Set(group.members.map((m) => m.serverId))];
    for (const a of members) for (const b of members) if (a !== b) conflicts.get(a)?.add(b);
  }
  const free = ids.filter((id) => conflicts.get(id)!.size === 0);
  const involved = ids.filter((id) => conflicts.get(id)!.size > 0);
  const compatible = (a: string, b: string) => a !== b && !conflicts.get(a)!.has(b);

  // Bron–Kerbosch with a pivot, over the "compatible" graph: its maximal cliques are the maximal conflict-free sets.
  const sets: string[][] = [];
  const expand = (r: string[], p: string[], x: string[]) => {
    if (sets.length >= MAX_SETS) return;
    if (p.length === 0 && x.length === 0) {
      sets.push(r);
      return;
    }
    const pivot = [...p, ...x].reduce((best, u) => (p.filter((v) => compatible(u, v)).length > p.filter((v) => compatible(best, v)).length ? u : best));
    for (const v of p.filter((v) => !compatible(pivot, v))) {
      expand([...r, v], p.filter((w) => compatible(v, w)), x.filter((w) => compatible(v, w)));
      p = p.filter((w) => w !== v);
      x = [...x, v];
    }
  };
  expand([], involved, []);

  const toolsOf = new Map<string, number>();
  for (const tool of snapshot.tools) if (tool.exposedName !== null) toolsOf.set(tool.serverId, (toolsOf.get(tool.serverId) ?? 0) + 1);
  const names = [...new Set(snapshot.collisions.map((c) => c.name))].sort(compareCodeUnits);

  const ranked = sets
    .map((set) => [...set, ...free].sort(compareCodeUnits))
    .map((servers) => ({ servers, tools: servers.reduce((n, id) => n + (toolsOf.get(id) ?? 0), 0) }))
    .sort((a, b) => b.tools - a.tools || b.servers.length - a.servers.length || compareCodeUnits(a.servers.join("\u0000"), b.servers.join("\u0000")))
    .slice(0, limit);

  return ranked.map(({ servers, tools }, i) => {
    const inSet = new Set(servers);
    const joined = servers.join("-");
    return {
      name: joined.length <= 40 && PROFILE_NAME_PATTERN.test(joined) ? joined : `no-collisions-${i + 1}`,
      servers,
      leftOut: ids.filter((id) => !inSet.has(id)),
      keeps: names.map((name) => ({
        name,
        serverId: snapshot.collisions.filter((c) => c.name === name).flatMap((c) => c.members.map((m) => m.serverId)).find((id) => inSet.has(id)) ?? null,
      })),
      tools,
    };
  });
}

/** The suggestions with the up-front tokens each saves, from a cost function over a set of server ids. */
export function withSavings(suggestions: readonly ProfileSuggestion[], costOf: (serverIds: readonly string[] | null) => number): ProfileSuggestion[] {
  const whole = costOf(null);
  return suggestions.map((s) => ({ ...s, saves: { tokens: whole - costOf(s.servers), of: whole } }));
}
