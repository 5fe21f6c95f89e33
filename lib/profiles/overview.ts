/**
 * Every profile at a glance (docs/profiles.md), for `mcp-fleet profiles list` and `GET /api/profiles`:
 * each profile's own fleet (servers, unknown ids, tools, collisions, the names it resolves, fleet hash)
 * and what it costs up front for one client against the whole fleet; and the suggestions that remove
 * every collision with the tokens each saves. Pure.
 */
import type { ClientChoice, ClientSettings, ToolSearchSetting } from "@/lib/clients";
import { costReport } from "@/lib/cost/report";
import type { TokenMethod } from "@/lib/cost/types";
import { reconcile } from "@/lib/reconcile/reconcile";
import type { ServerToolList } from "@/lib/reconcile/types";
import { profileToolLists, summarizeProfile, type ProfileSummary } from "./profile-fleet";
import type { Profile, ProfilesProblem } from "./profiles-file";
import { suggestProfiles, withSavings, type ProfileSuggestion } from "./suggest";

export interface ProfileCostSummary extends ProfileSummary {
  /** Up-front tokens for the client, and the whole fleet's, to compare. */
  cost: { upFront: number; loaded: number };
}

export interface ProfilesOverview {
  client: ClientChoice;
  tokens: TokenMethod;
  /** The whole fleet, for comparison. */
  fleet: { servers: string[]; tools: number; collisions: string[]; fleetHash: string; cost: { upFront: number; loaded: number } };
  profiles: ProfileCostSummary[];
  suggestions: ProfileSuggestion[];
}

/** `GET /api/profiles`: the file, its problems (each at its line and column), and the overview. */
export interface ProfilesView extends ProfilesOverview {
  file: string;
  exists: boolean;
  problems: ProfilesProblem[];
}

export interface OverviewInput {
  profiles: readonly Profile[];
  toolLists: readonly ServerToolList[];
  client: ClientChoice;
  settings?: ClientSettings;
  toolSearch?: ToolSearchSetting | null;
  suggestions?: number;
}

export function profilesOverview(input: OverviewInput): ProfilesOverview {
  const whole = reconcile([...input.toolLists]);
  const cost = (lists: readonly ServerToolList[]) => {
    const { report } = costReport({ client: input.client, toolLists: lists, settings: input.settings, toolSearch: input.toolSearch });
    return { report, upFront: report.total.upFront.tokens, loaded: report.total.loaded.tokens };
  };
  const fleetCost = cost(input.toolLists);
  const profiles = input.profiles.map((profile) => {
    const { snapshot: _snapshot, ...summary } = summarizeProfile(profile, input.toolLists, whole);
    const { upFront, loaded } = cost(profileToolLists(input.toolLists, profile).lists);
    return { ...summary, cost: { upFront, loaded } };
  });
  const suggestions = withSavings(suggestProfiles(whole, input.suggestions ?? 5), (ids) =>
    ids === null ? fleetCost.upFront : cost(input.toolLists.filter((s) => ids.includes(s.id))).upFront,
  );
  return {
    client: input.client,
    tokens: fleetCost.report.tokens,
    fleet: {
      servers: input.toolLists.map((s) => s.id).sort(),
      tools: whole.tools.filter((t) => t.exposedName !== null).length,
      collisions: [...new Set(whole.collisions.map((c) => c.name))].sort(),
      fleetHash: whole.fleetHash,
      cost: { upFront: fleetCost.upFront, loaded: fleetCost.loaded },
    },
    profiles,
    suggestions,
  };
}
