/**
 * A profile's own fleet (docs/profiles.md): the raw tool lists of its servers only, reconciled on their
 * own, so a name that collides in the whole fleet may not collide in the profile, and its exposed names,
 * fleet hash and context cost are those of the smaller set. Pure.
 */
import { reconcile } from "@/lib/reconcile/reconcile";
import type { FleetSnapshot, ServerToolList } from "@/lib/reconcile/types";
import { compareCodeUnits } from "@/lib/json/values";
import type { Profile } from "./profiles-file";

/** The tool lists of the profile's servers (all of them for no profile), and the ids it names that the fleet lacks. */
export function profileToolLists(toolLists: readonly ServerToolList[], profile: Profile | null): { lists: ServerToolList[]; unknown: string[] } {
  if (!profile) return { lists: [...toolLists], unknown: [] };
  const wanted = new Set(profile.servers);
  const known = new Set(toolLists.map((s) => s.id));
  return { lists: toolLists.filter((s) => wanted.has(s.id)), unknown: profile.servers.filter((id) => !known.has(id)) };
}

export interface ProfileSummary {
  name: string;
  description?: string;
  servers: string[];
  /** Ids the profile names that no config of the fleet defines. */
  unknown: string[];
  /** Tools exposed (the Agent SDK view: excluded tools do not count). */
  tools: number;
  /** Collision names inside the profile. */
  collisions: string[];
  /** Names that collide in the whole fleet but not in the profile. */
  resolved: string[];
  /** The profile's own fleet hash (its exposed names and tags are its own). */
  fleetHash: string;
}

export function summarizeProfile(profile: Profile, toolLists: readonly ServerToolList[], whole: FleetSnapshot = reconcile([...toolLists])): ProfileSummary & { snapshot: FleetSnapshot } {
  const { lists, unknown } = profileToolLists(toolLists, profile);
  const snapshot = reconcile(lists);
  const inside = new Set(snapshot.collisions.map((c) => c.name));
  const wanted = new Set(profile.servers);
  return {
    name: profile.name,
    ...(profile.description !== undefined ? { description: profile.description } : {}),
    servers: [...profile.servers],
    unknown,
    tools: snapshot.tools.filter((t) => t.exposedName !== null).length,
    collisions: [...inside].sort(compareCodeUnits),
    resolved: [...new Set(whole.collisions.filter((c) => !inside.has(c.name) && c.members.some((m) => wanted.has(m.serverId))).map((c) => c.name))].sort(compareCodeUnits),
    fleetHash: snapshot.fleetHash,
    snapshot,
  };
}
