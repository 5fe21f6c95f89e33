/**
 * `mcp-fleet profiles set|list|remove|suggest|export` (docs/profiles.md): task profiles in
 * `mcp-fleet.json` beside the primary config. `set` and `remove` edit the file without starting a server
 * (server ids are checked against the configs; a file with errors is never rewritten); `list` and
 * `suggest` connect to the fleet to give each profile its own collisions, fleet hash and cost, and the
 * sets of servers that remove every collision with the tokens each saves; `export` writes a profile as a
 * config one client loads alone. A FleetError (a broken file, an unknown profile) is a one-line error.
 */
import { CLIENT_CHOICE_LIST, CLIENT_CHOICES } from "@/lib/clients";
import {
  exportProfile,
  findProfile,
  formatProfilesProblem,
  profilesFileOf,
  PROFILE_EXPORT_CLIENTS,
  readProfiles,
  requireWritable,
  writeProfiles,
  type LoadedConfig,
  type ProfileExportClient,
  type ProfilesRead,
} from "@/lib/config";
import { PROFILE_NAME_PATTERN, profilesOverview, removeProfile, setProfile, type ProfilesOverview } from "@/lib/profiles";
import { shortHash } from "@/lib/schema/hash";
import { writeNewFile } from "@/lib/settings/claude-settings";
import { relativeLabel } from "@/lib/settings/client-settings";
import { count } from "@/lib/text/count";
import { clientChoiceOf, parseFlags, type Flags } from "../flags";
import { CliError, resolveUserPath, type CliIO, type Command } from "../io";
import { asCliErrors, loadLiveFleet, readCliClientSettings } from "../live-fleet";
import { loadFleetConfig } from "../load-fleet-config";

export const usage = [
  "usage: mcp-fleet profiles set     [--config F]... <name> <server>...",
  "       mcp-fleet profiles remove  [--config F]... <name>",
  `       mcp-fleet profiles list    [--config F]... [--client ${CLIENT_CHOICE_LIST.join("|")}] [--timeout MS] [--json]`,
  `       mcp-fleet profiles suggest [--config F]... [--client ${CLIENT_CHOICE_LIST.join("|")}] [--timeout MS] [--json]`,
  "       mcp-fleet profiles export  [--config F]... <name> --client claude-code|codex [--write PATH]",
  "",
  "Profiles live in mcp-fleet.json beside the primary config (commit it with mcp-fleet.lock.json).",
  "--profile <name> on snapshot, tools, cost, lock and check uses only that profile's servers.",
].join("\n");

/** The configs and the profiles file, its problems said on stderr. */
async function readAll(flags: Flags, io: CliIO): Promise<{ loaded: LoadedConfig; read: ProfilesRead }> {
  const loaded = await loadFleetConfig(flags.configs, io);
  const read = readProfiles(profilesFileOf(loaded, io.env), loaded.servers.map((s) => s.id));
  for (const problem of read.problems) io.err(formatProfilesProblem(read.file, problem));
  return { loaded, read };
}

function checkName(name: string | undefined, what: string): string {
  if (!name) throw new CliError(`${what} takes a profile name`);
  if (!PROFILE_NAME_PATTERN.test(name)) throw new CliError(`"${name}" is not a profile name: letters, digits, "-" and "_", 1 to 64, starting with a letter or digit`);
  return name;
}

async function set(flags: Flags, io: CliIO): Promise<number> {
  const [rawName, ...servers] = flags.positionals;
  const name = checkName(rawName, "set");
  if (servers.length === 0) throw new CliError(`set takes the profile's servers after its name, e.g. \`mcp-fleet profiles set ${name} github linear\``);
  const { loaded, read } = await readAll(flags, io);
  const ids = loaded.servers.map((s) => s.id);
  const unknown = servers.filter((id) => !ids.includes(id));
  if (unknown.length > 0) {
    throw new CliError(`${unknown.join(", ")}: no config of this fleet defines ${unknown.length === 1 ? "it" : "them"}; its servers are ${ids.join(", ") || "none"}`);
  }
  requireWritable(read);
  const next = setProfile(read.profiles, name, servers);
  writeProfiles(read.file, next);
  const profile = next.find((p) => p.name === name)!;
  io.out(`wrote ${read.file}: profile ${name}: ${profile.servers.join(", ")}`);
  return 0;
}

async function remove(flags: Flags, io: CliIO): Promise<number> {
  const [rawName, ...rest] = flags.positionals;
  const name = checkName(rawName, "remove");
  if (rest.length > 0) throw new CliError(`remove takes one profile name, not ${rest.join(" ")}`);
  const { read } = await readAll(flags, io);
  findProfile(read, name);
  requireWritable(read);
  writeProfiles(read.file, removeProfile(read.profiles, name));
  io.out(`wrote ${read.file}: profile ${name} removed`);
  return 0;
}

async function overview(flags: Flags, io: CliIO, body: (o: ProfilesOverview, read: ProfilesRead) => number): Promise<number> {
  const client = clientChoiceOf(flags);
  const fleet = await loadLiveFleet({ configs: flags.configs, timeoutMs: flags.timeoutMs }, io);
  const read = readProfiles(profilesFileOf(fleet.loaded, io.env), fleet.loaded.servers.map((s) => s.id));
  for (const problem of read.problems) io.err(formatProfilesProblem(read.file, problem));
  const settings = await readCliClientSettings(fleet.loaded, io);
  return fleet.observe(
    (state, toolLists) =>
      body(
        profilesOverview({
          profiles: read.profiles,
          toolLists,
          client,
          settings: settings.settings,
          toolSearch: settings.toolSearch,
          whole: { snapshot: state.snapshot, view: state.views[client] },
        }),
        read,
      ),
    { clientSettings: settings.settings },
  );
}

const n = (value: number) => value.toLocaleString("en");

async function list(flags: Flags, io: CliIO): Promise<number> {
  return overview(flags, io, (o, read) => {
    if (flags.json) {
      io.out(JSON.stringify({ file: read.file, client: o.client, tokens: o.tokens, fleet: o.fleet, profiles: o.profiles }, null, 2));
      return 0;
    }
    io.out(`whole fleet: ${count(o.fleet.servers.length, "server")}, ${count(o.fleet.tools, "tool")}, ${count(o.fleet.collisions.length, "collision")}, ${n(o.fleet.cost.upFront)} tokens up front (${CLIENT_CHOICES[o.client].label}), fleet hash ${shortHash(o.fleet.fleetHash)}`);
    if (o.profiles.length === 0) {
      io.out(`no profiles in ${read.file}${read.exists ? "" : " (no file yet)"}: mcp-fleet profiles set <name> <server>... makes one; mcp-fleet profiles suggest proposes some`);
      return 0;
    }
    for (const p of o.profiles) {
      const saved = o.fleet.cost.upFront - p.cost.upFront;
      io.out("");
      io.out(`${p.name}: ${p.servers.join(", ")}${p.description ? `  (${p.description})` : ""}`);
      if (p.unknown.length > 0) io.out(`  unknown servers: ${p.unknown.join(", ")}`);
      io.out(`  ${count(p.tools, "tool")}, ${count(p.collisions.length, "collision")}${p.collisions.length > 0 ? ` (${p.collisions.join(", ")})` : ""}${p.resolved.length > 0 ? `; no longer colliding: ${p.resolved.join(", ")}` : ""}`);
      io.out(`  ${n(p.cost.upFront)} tokens up front (${n(saved)} fewer than the whole fleet), fleet hash ${shortHash(p.fleetHash)}`);
    }
    io.out("");
    io.out(`tokens: ${o.tokens.about}`);
    return 0;
  });
}

async function suggest(flags: Flags, io: CliIO): Promise<number> {
  return overview(flags, io, (o) => {
    if (flags.json) {
      io.out(JSON.stringify({ client: o.client, tokens: o.tokens, fleet: o.fleet, suggestions: o.suggestions }, null, 2));
      return 0;
    }
    if (o.fleet.collisions.length === 0) {
      io.out("no tool name collides in this fleet: there is no collision to remove");
      return 0;
    }
    io.out(`${count(o.fleet.collisions.length, "collision")} in the whole fleet (${o.fleet.collisions.join(", ")}); each profile below has none:`);
    for (const s of o.suggestions) {
      io.out("");
      io.out(`${s.name}: ${s.servers.join(", ")}`);
      io.out(`  leaves out ${s.leftOut.join(", ") || "nothing"}; keeps ${s.keeps.map((k) => `${k.name} from ${k.serverId ?? "none"}`).join(", ")}`);
      if (s.saves) io.out(`  ${count(s.tools, "tool")}; saves ${n(s.saves.tokens)} of ${n(s.saves.of)} tokens up front (${CLIENT_CHOICES[o.client].label})`);
      io.out(`  mcp-fleet profiles set ${s.name} ${s.servers.join(" ")}`);
    }
    io.out("");
    io.out(`tokens: ${o.tokens.about}`);
    return 0;
  });
}

async function exportOne(flags: Flags, io: CliIO): Promise<number> {
  const [rawName, ...rest] = flags.positionals;
  const name = checkName(rawName, "export");
  if (rest.length > 0) throw new CliError(`export takes one profile name, not ${rest.join(" ")}`);
  if (!flags.client) throw new CliError(`--client is required: ${PROFILE_EXPORT_CLIENTS.join(" or ")}`);
  const { loaded, read } = await readAll(flags, io);
  const profile = findProfile(read, name);
  const exported = exportProfile(flags.client as ProfileExportClient, profile, loaded.servers);
  for (const warning of exported.warnings) io.err(`warning: ${warning}`);
  if (!flags.write) {
    io.out(exported.text.replace(/\n$/, ""));
    return 0;
  }
  const file = resolveUserPath(flags.write, io);
  await writeNewFile(file, exported.text);
  io.out(`wrote ${file}`);
  if (exported.client === "claude-code") io.err(`use it with: claude --mcp-config ${relativeLabel(io.cwd, file)} --strict-mcp-config`);
  return 0;
}

export const run: Command = (args, io) =>
  asCliErrors(async () => {
    const [sub, ...rest] = args;
    if (sub === "set") return set(parseFlags(rest, ["config"], { positionals: true }), io);
    if (sub === "remove") return remove(parseFlags(rest, ["config"], { positionals: true }), io);
    if (sub === "list") return list(parseFlags(rest, ["config", "client", "timeout", "json"], { choices: { client: CLIENT_CHOICE_LIST } }), io);
    if (sub === "suggest") return suggest(parseFlags(rest, ["config", "client", "timeout", "json"], { choices: { client: CLIENT_CHOICE_LIST } }), io);
    if (sub === "export") return exportOne(parseFlags(rest, ["config", "client", "write"], { positionals: true, choices: { client: PROFILE_EXPORT_CLIENTS } }), io);
    throw new CliError(sub ? `unknown subcommand "${sub}" (set, remove, list, suggest or export)` : "name a subcommand: set, remove, list, suggest or export");
  });
