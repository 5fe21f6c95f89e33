/**
 * The Agent SDK bundle of the live fleet (docs/bundle.md), for `mcp-fleet bundle` and `GET /api/bundle`:
 * the servers' tool lists (a profile's alone, when one is named) as the agent-sdk view, and each needed
 * server's entry as the config files wrote it, every secret kept as, or made into, a `${VAR}` reference
 * (the profile export's rule, docs/security.md), so the file never holds a credential.
 */
import "server-only";

import { renderBundle, type Bundle, type BundleServer } from "@/lib/bundle";
import { agentSdkView } from "@/lib/clients";
import { findProfile, profilesFileOf, readProfiles } from "@/lib/config";
import { safeServerEntry } from "@/lib/config/profile-export";
import type { ServerConfig } from "@/lib/config/types";
import { launchShellEnvironment } from "@/lib/fleet/server-env";
import { profileToolLists, type Profile } from "@/lib/profiles";
import type { ServerToolList } from "@/lib/reconcile/types";
import { compareCodeUnits } from "@/lib/json/values";
import { getFleetContext } from "./context";

export interface BundleSource {
  /** The configs of the fleet (all of them; the profile picks). */
  configs: readonly ServerConfig[];
  /** The live tool lists. */
  toolLists: readonly ServerToolList[];
  profile: Profile | null;
}

/** One server's entry for the file: values as written, secrets as references; the cwd only when a config wrote one. */
function bundleServer(config: ServerConfig, warnings: string[]): BundleServer {
  const safe = safeServerEntry(config, warnings, { made: "the bundle", runner: "the host" });
  if (safe.transport === "stdio") {
    const cwd = config.templates?.cwd;
    return { id: config.id, transport: "stdio", command: safe.command ?? "", ...(safe.args ? { args: safe.args } : {}), ...(cwd !== undefined ? { cwd } : {}), ...(safe.env ? { env: safe.env } : {}) };
  }
  return { id: config.id, transport: safe.transport === "sse" ? "sse" : "http", url: safe.url ?? "", ...(safe.headers ? { headers: safe.headers } : {}) };
}

/** The bundle of these tool lists. Servers it cannot start (no config entry, WebSocket) are left out, and said. */
export function makeBundle({ configs, toolLists, profile }: BundleSource): Bundle {
  const warnings: string[] = [];
  const byId = new Map(configs.map((c) => [c.id, c]));
  const lists = profileToolLists(toolLists, profile).lists.filter((list) => {
    const config = byId.get(list.id);
    if (!config) warnings.push(`${list.id}: added in the dashboard, not in a config file; left out of the bundle`);
    else if (config.transport === "ws") warnings.push(`${list.id}: a WebSocket server, which the bundle's dispatcher does not start; left out of the bundle`);
    return config !== undefined && config.transport !== "ws";
  });
  for (const list of [...lists].sort((a, b) => compareCodeUnits(a.id, b.id))) {
    if (list.status !== "ready") warnings.push(`${list.id} is ${list.status}${list.error ? ` (${list.error})` : ""}: none of its tools are in the bundle`);
  }
  const view = agentSdkView(lists);
  const needed = [...new Set(view.tools.filter((t) => t.sent).map((t) => t.serverId))].sort(compareCodeUnits);
  const servers = needed.map((id) => bundleServer(byId.get(id)!, warnings));
  return renderBundle({ view, servers, profile: profile ? { name: profile.name, servers: profile.servers } : null, warnings });
}

/** The live fleet's bundle, once every server is ready or failed; a profile by name from mcp-fleet.json. */
export async function getBundle(profileName?: string): Promise<Bundle> {
  const context = await getFleetContext();
  await context.manager.whenSettled();
  const configs = context.loaded.servers;
  const profile = profileName ? findProfile(readProfiles(profilesFileOf(context.loaded, launchShellEnvironment()), configs.map((s) => s.id)), profileName) : null;
  return makeBundle({ configs, toolLists: context.manager.toolLists(), profile });
}
