/**
 * What a call is decided by, read for the live fleet: the client's own settings (the view it sends) and
 * the permission rules in force, with Claude Code's semantics: our rules as exported plus the MCP rules
 * already in the project's `.claude/settings.json` and `.claude/settings.local.json` (docs/permissions.md),
 * the same decisions the /permissions page shows.
 */
import "server-only";
import type { ClientChoice } from "@/lib/clients";
import type { LoadedConfig } from "@/lib/config/types";
import { combinedRules } from "@/lib/permissions/effective";
import type { OurRule, PermissionTool } from "@/lib/permissions/types";
import { readProjectSettings } from "@/lib/settings/claude-settings";
import { formatSettingsProblem, readClientSettings, settingsReadOf, type SettingsRead } from "@/lib/settings/client-settings";
import type { CallSetup } from "./run-call";

export interface CallSetupOptions {
  /** The project whose `.claude/` settings apply; null: none. */
  projectDir: string | null;
  env: Record<string, string | undefined>;
  /** Our rules (from the history database); empty when it cannot be read. */
  ours: readonly OurRule[];
  /** The fleet's tools, so a server default is compiled as it is exported. */
  tools: readonly PermissionTool[];
  /** Settings files are named relative to this folder when inside it. */
  relativeTo: string;
}

export async function loadCallSetup(
  client: ClientChoice,
  loaded: LoadedConfig,
  opts: CallSetupOptions,
): Promise<CallSetup & { read: SettingsRead[]; problems: string[] }> {
  const { settings, read, problems } = await readClientSettings(loaded, { env: opts.env, projectDir: opts.projectDir, relativeTo: opts.relativeTo });
  const files = opts.projectDir ? await readProjectSettings(opts.projectDir) : [];
  const rules = combinedRules(opts.ours, files.flatMap((f) => f.rules), opts.tools);
  return { settings, rules, read: settingsReadOf(client, read), problems: problems.map(formatSettingsProblem) };
}
