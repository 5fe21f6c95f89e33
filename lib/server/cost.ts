/**
 * What the cost and profiles routes do once their input is checked (docs/cost.md, docs/profiles.md): the
 * live fleet's tool lists (a profile's servers only, when one is named), costed with the client settings
 * the live views are made with (read from the project and the launch environment, kept current);
 * Anthropic's count only when a POST asks for it, with the key of the environment MCP Fleet was started
 * in; and every profile at a glance. Answers are kept per fleet version and question.
 */
import "server-only";

import type { ClientChoice, ClientView } from "@/lib/clients";
import { clientView } from "@/lib/clients";
import { findProfile, profilesFileOf, readProfiles, type ProfilesRead } from "@/lib/config";
import { CLAUDE_CODE_DEFAULT_MODEL, claudeCountRequest, costReport, type CostReport } from "@/lib/cost";
import { FleetError } from "@/lib/errors";
import { launchShellEnvironment } from "@/lib/fleet/server-env";
import type { FleetState } from "@/lib/fleet/types";
import type { ClientSettingsRead } from "@/lib/settings/client-settings";
import { profilesOverview, profileToolLists, type ProfilesView } from "@/lib/profiles";
import type { ServerToolList } from "@/lib/reconcile/types";
import { anthropicCredentials, countClaudeTokens } from "./claude-count";
import { getFleetContext, type FleetContext } from "./context";

function profilesRead(context: FleetContext, env: Record<string, string | undefined>) {
  return readProfiles(profilesFileOf(context.loaded, env), context.loaded.servers.map((s) => s.id));
}

/**
 * Answers kept while what they were made from stays the same: the fleet state (one per version, with
 * its lists and views), the client settings read, and the question (with the profiles file as read).
 * Costing a 10,000-tool fleet takes the server about a second, and every page's navigation asks for
 * the profiles: asked again, it must not hold up the next page's requests for that long.
 */
const kept = new WeakMap<FleetState, Map<string, { settings: ClientSettingsRead; answer: unknown }>>();

function keptAnswer<T>(state: FleetState, settings: ClientSettingsRead, question: unknown[], answer: () => T): T {
  let answers = kept.get(state);
  if (!answers) kept.set(state, (answers = new Map()));
  const key = JSON.stringify(question);
  const known = answers.get(key);
  if (known && known.settings === settings) return known.answer as T;
  const value = answer();
  answers.set(key, { settings, answer: value });
  return value;
}

/**
 * The tool lists to cost: the whole fleet, with the client's view the live state already holds (made with
 * the same settings), or one profile's servers, whose view is made for them.
 */
function listsFor(
  context: FleetContext,
  state: FleetState,
  client: ClientChoice,
  profile: string | undefined,
  profiles: ProfilesRead | null,
): { lists: ServerToolList[]; profile: string | null; view?: ClientView } {
  // The lists the state was made from (toolLists() builds nothing: `state` is the current one).
  const all = context.manager.toolLists();
  if (!profile || !profiles) return { lists: all, profile: null, view: state.views[client] };
  const found = findProfile(profiles, profile);
  return { lists: profileToolLists(all, found).lists, profile: found.name };
}

/** The CostReport as JSON (a 10,000-tool fleet's is megabytes: serialized once per version). */
export async function getCost(client: ClientChoice, profile?: string): Promise<string> {
  const context = await getFleetContext();
  const env = launchShellEnvironment();
  const state = context.manager.getState();
  const read = context.clientSettings.current();
  const profiles = profile ? profilesRead(context, env) : null;
  return keptAnswer(state, read, ["cost", client, profile ?? null, profiles], () => {
    const { lists, profile: name, view } = listsFor(context, state, client, profile, profiles);
    const report: CostReport = costReport({ client, toolLists: lists, settings: read.settings, toolSearch: read.toolSearch, profile: name, ...(view ? { view } : {}) }).report;
    return JSON.stringify(report);
  });
}

/** Anthropic's count for a Claude view: on demand only, never for Codex, never without the user's key. */
export async function countCost(client: ClientChoice, profile?: string, model?: string): Promise<CostReport> {
  if (client === "codex") throw new FleetError("bad_request", "cost", "Anthropic counts Claude's tokens; Codex's (o200k_base) are exact already");
  const env = launchShellEnvironment();
  const credentials = anthropicCredentials(env);
  if (!credentials) throw new FleetError("bad_request", "cost", "no ANTHROPIC_API_KEY in the environment MCP Fleet was started with; the Claude figures stay an estimate, said as one");
  const context = await getFleetContext();
  const { lists, profile: name, view: liveView } = listsFor(context, context.manager.getState(), client, profile, profile ? profilesRead(context, env) : null);
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
  return keptAnswer(state, settings, ["profiles", client, read], () => ({
    file: read.file,
    exists: read.exists,
    problems: read.problems,
    ...profilesOverview({
      profiles: read.profiles,
      toolLists: context.manager.toolLists(),
      client,
      settings: settings.settings,
      toolSearch: settings.toolSearch,
      whole: { snapshot: state.snapshot, view: state.views[client] },
    }),
  }));
}
