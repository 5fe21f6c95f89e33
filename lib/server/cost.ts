/**
 * What the cost and profiles routes do once their input is checked (docs/cost.md, docs/profiles.md): the
 * live fleet's tool lists (a profile's servers only, when one is named), costed with the client settings
 * the live views are made with (read from the project and the launch environment, kept current);
 * Anthropic's count only when a POST asks for it, with the key of the environment MCP Fleet was started
 * in; and every profile at a glance.
 */
import "server-only";

import type { ClientChoice, ClientView } from "@/lib/clients";
import { clientView } from "@/lib/clients";
import { findProfile, profilesFileOf, readProfiles } from "@/lib/config";
import { CLAUDE_CODE_DEFAULT_MODEL, claudeCountRequest, costReport, type CostReport } from "@/lib/cost";
import { FleetError } from "@/lib/errors";
import { launchShellEnvironment } from "@/lib/fleet/server-env";
import { profilesOverview, profileToolLists, type ProfilesView } from "@/lib/profiles";
import type { ServerToolList } from "@/lib/reconcile/types";
import { anthropicCredentials, countClaudeTokens } from "./claude-count";
import { getFleetContext, type FleetContext } from "./context";

function profilesRead(context: FleetContext, env: Record<string, string | undefined>) {
  return readProfiles(profilesFileOf(context.loaded, env), context.loaded.servers.map((s) => s.id));
}

/**
 * The tool lists to cost: the whole fleet, with the client's view the live state already holds (made with
 * the same settings), or one profile's servers, whose view is made for them.
 */
function listsFor(
  context: FleetContext,
  env: Record<string, string | undefined>,
  client: ClientChoice,
  profile: string | undefined,
): { lists: ServerToolList[]; profile: string | null; view?: ClientView } {
  // One build: the state and the lists it was made from.
  const state = context.manager.getState();
  const all = context.manager.toolLists();
  if (!profile) return { lists: all, profile: null, view: state.views[client] };
  const found = findProfile(profilesRead(context, env), profile);
  return { lists: profileToolLists(all, found).lists, profile: found.name };
}

export async function getCost(client: ClientChoice, profile?: string): Promise<CostReport> {
  const context = await getFleetContext();
  const env = launchShellEnvironment();
  const { lists, profile: name, view } = listsFor(context, env, client, profile);
  const read = context.clientSettings.current();
  return costReport({ client, toolLists: lists, settings: read.settings, toolSearch: read.toolSearch, profile: name, ...(view ? { view } : {}) }).report;
}

/** Anthropic's count for a Claude view: on demand only, never for Codex, never without the user's key. */
export async function countCost(client: ClientChoice, profile?: string, model?: string): Promise<CostReport> {
  if (client === "codex") throw new FleetError("bad_request", "cost", "Anthropic counts Claude's tokens; Codex's (o200k_base) are exact already");
  const env = launchShellEnvironment();
  const credentials = anthropicCredentials(env);
  if (!credentials) throw new FleetError("bad_request", "cost", "no ANTHROPIC_API_KEY in the environment MCP Fleet was started with; the Claude figures stay an estimate, said as one");
  const context = await getFleetContext();
  const { lists, profile: name, view: liveView } = listsFor(context, env, client, profile);
  const read = context.clientSettings.current();
  const input = { client, toolLists: lists, settings: read.settings, toolSearch: read.toolSearch, profile: name, ...(liveView ? { view: liveView } : {}) };
  // The live view when the state holds it; a profile's own is made here (its cost is reported below).
  const view = liveView ?? clientView(client, lists, read.settings);
  const api = await countClaudeTokens({ ...credentials, model: model ?? CLAUDE_CODE_DEFAULT_MODEL, ...claudeCountRequest(view, lists) });
  return costReport({ ...input, view, api }).report;
}

export async function getProfiles(client: ClientChoice): Promise<ProfilesView> {
  const context = await getFleetContext();
  const env = launchShellEnvironment();
  const read = profilesRead(context, env);
  const settings = context.clientSettings.current();
  const state = context.manager.getState();
  const toolLists = context.manager.toolLists();
  return {
    file: read.file,
    exists: read.exists,
    problems: read.problems,
    ...profilesOverview({
      profiles: read.profiles,
      toolLists,
      client,
      settings: settings.settings,
      toolSearch: settings.toolSearch,
      whole: { snapshot: state.snapshot, view: state.views[client] },
    }),
  };
}
