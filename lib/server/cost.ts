/**
 * What the cost and profiles routes do once their input is checked (docs/cost.md, docs/profiles.md): the
 * live fleet's tool lists (a profile's servers only, when one is named), the client's own settings read
 * from the project and the launch environment, costed; Anthropic's count only when a POST asks for it,
 * with the key of the environment MCP Fleet was started in; and every profile at a glance.
 */
import "server-only";

import path from "node:path";

import type { ClaudeWireTool, ClientChoice } from "@/lib/clients";
import { deferredAnnouncement, isAlwaysLoad } from "@/lib/clients";
import { findProfile, profilesFileOf, readProfiles } from "@/lib/config";
import { CLAUDE_CODE_DEFAULT_MODEL, costReport, type CostReport } from "@/lib/cost";
import { FleetError } from "@/lib/errors";
import { launchShellEnvironment } from "@/lib/fleet/server-env";
import { profilesOverview, profileToolLists, type ProfilesView } from "@/lib/profiles";
import type { ServerToolList } from "@/lib/reconcile/types";
import { readClientSettings } from "@/lib/settings/client-settings";
import { anthropicCredentials, countClaudeTokens } from "./claude-count";
import { getFleetContext, type FleetContext } from "./context";

/** Settings files named from the project folder, as the pages show them. */
function labeller(context: FleetContext): (file: string) => string {
  return (file) => {
    if (!context.projectDir) return file;
    const rel = path.relative(context.projectDir, file);
    return rel && !rel.startsWith("..") && !path.isAbsolute(rel) ? rel : file;
  };
}

function profilesRead(context: FleetContext, env: Record<string, string | undefined>) {
  return readProfiles(profilesFileOf(context.loaded, env), context.loaded.servers.map((s) => s.id));
}

/** The tool lists to cost: the whole fleet, or one profile's servers. */
function listsFor(context: FleetContext, env: Record<string, string | undefined>, profile: string | undefined): { lists: ServerToolList[]; profile: string | null } {
  const all = context.manager.toolLists();
  if (!profile) return { lists: all, profile: null };
  const found = findProfile(profilesRead(context, env), profile);
  return { lists: profileToolLists(all, found).lists, profile: found.name };
}

export async function getCost(client: ClientChoice, profile?: string): Promise<CostReport> {
  const context = await getFleetContext();
  const env = launchShellEnvironment();
  const { lists, profile: name } = listsFor(context, env, profile);
  const read = await readClientSettings(client, context.loaded, env, labeller(context));
  return costReport({ client, toolLists: lists, settings: read.settings, toolSearch: read.toolSearch, profile: name }).report;
}

/** Anthropic's count for a Claude view: on demand only, never for Codex, never without the user's key. */
export async function countCost(client: ClientChoice, profile?: string, model?: string): Promise<CostReport> {
  if (client === "codex") throw new FleetError("bad_request", "cost", "Anthropic counts Claude's tokens; Codex's (o200k_base) are exact already");
  const env = launchShellEnvironment();
  const credentials = anthropicCredentials(env);
  if (!credentials) throw new FleetError("bad_request", "cost", "no ANTHROPIC_API_KEY in the environment MCP Fleet was started with; the Claude figures stay an estimate, said as one");
  const context = await getFleetContext();
  const { lists, profile: name } = listsFor(context, env, profile);
  const read = await readClientSettings(client, context.loaded, env, labeller(context));
  const input = { client, toolLists: lists, settings: read.settings, toolSearch: read.toolSearch, profile: name };
  const { view } = costReport(input);
  const tools = view.wire as ClaudeWireTool[];
  const raw = new Map(lists.map((s) => [s.id, s.tools]));
  const alwaysLoad = new Set(view.tools.filter((v) => v.sent && isAlwaysLoad(raw.get(v.serverId)?.[v.position - 1])).map((v) => v.sent!.name));
  const announced = tools.map((t) => t.name).filter((n) => !alwaysLoad.has(n));
  const api = await countClaudeTokens({
    ...credentials,
    model: model ?? CLAUDE_CODE_DEFAULT_MODEL,
    tools,
    announcement: view.client.id === "claude-code" && announced.length > 0 ? deferredAnnouncement(announced) : null,
  });
  return costReport({ ...input, api }).report;
}

export async function getProfiles(client: ClientChoice): Promise<ProfilesView> {
  const context = await getFleetContext();
  const env = launchShellEnvironment();
  const read = profilesRead(context, env);
  const settings = await readClientSettings(client, context.loaded, env, labeller(context));
  return {
    file: read.file,
    exists: read.exists,
    problems: read.problems,
    ...profilesOverview({ profiles: read.profiles, toolLists: context.manager.toolLists(), client, settings: settings.settings, toolSearch: settings.toolSearch }),
  };
}
