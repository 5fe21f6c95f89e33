/**
 * The one flag parser of every `fleet` command, on node:util parseArgs (as the launcher): the same
 * flag means the same thing and is checked the same way everywhere (`-c` is `--config`, `--timeout`
 * is a whole number of milliseconds). A command names the flags it takes; anything else is refused.
 * A new flag is one row in FLAGS and one field in Flags.
 */
import { parseArgs } from "node:util";

import { CLIENT_CHOICE_LIST, DEFAULT_CLIENT, isClientChoice, type ClientChoice } from "@/lib/clients";
import { PROFILE_NAME_PATTERN } from "@/lib/profiles";
import { CliError } from "./io";

export interface Flags {
  /** `--config FILE` (`-c`), repeatable: the MCP configs, in the order given. */
  configs: string[];
  /** `--timeout MS`: per-server timeout for connecting and each request. */
  timeoutMs?: number;
  /** `--json`: the JSON contract instead of text. */
  json: boolean;
  /** `--since ISO`: a fixed window, as an ISO time. */
  since?: string;
  /** `--format NAME`, one of the command's choices. */
  format?: string;
  /** `--client NAME`, one of the command's choices. */
  client?: string;
  /** `--write PATH`. */
  write?: string;
  /** `--tools <serverId>=<file>`, repeatable. */
  tools: string[];
  /** `--profile NAME`: only the servers of that profile of mcp-fleet.json (docs/profiles.md). */
  profile?: string;
  /** `--count-with-api`: ask Anthropic's count_tokens (the user's key), on demand only. */
  countWithApi: boolean;
  /** `--model NAME`: the model a count is for. */
  model?: string;
  /** `--yes` (`-y`): say yes to a question (an ask rule) without asking. */
  yes: boolean;
  /** `--out DIR`: the folder a command writes its files into. */
  out?: string;
  /** `--force`: do it although a check says no: replace a file the command would otherwise refuse to touch, send arguments that fail the tool's schema. */
  force: boolean;
  /** `--help` (`-h`). */
  help: boolean;
  positionals: string[];
}

export type FlagName = "config" | "timeout" | "json" | "since" | "format" | "client" | "write" | "tools" | "profile" | "count-with-api" | "model" | "yes" | "out" | "force" | "help";

const FLAGS = {
  config: { type: "string", multiple: true, short: "c" },
  timeout: { type: "string" },
  json: { type: "boolean" },
  since: { type: "string" },
  format: { type: "string" },
  client: { type: "string" },
  write: { type: "string" },
  tools: { type: "string", multiple: true },
  profile: { type: "string" },
  "count-with-api": { type: "boolean" },
  model: { type: "string" },
  yes: { type: "boolean", short: "y" },
  out: { type: "string" },
  force: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const satisfies Record<FlagName, { type: "string" | "boolean"; multiple?: boolean; short?: string }>;

export interface FlagRules {
  /** Words after the flags (`permissions set github deny`); refused unless allowed. */
  positionals?: boolean;
  /** The values a string flag may take. */
  choices?: Partial<Record<FlagName, readonly string[]>>;
}

/** Parses `args` allowing only `names` (and --help); every mistake is a one-line CliError. */
export function parseFlags(args: string[], names: readonly FlagName[], rules: FlagRules = {}): Flags {
  const allowed = new Set<string>([...names, "help"]);
  const { tokens } = parseArgs({ args, options: FLAGS, strict: false, allowPositionals: true, tokens: true });
  const flags: Flags = { configs: [], json: false, tools: [], countWithApi: false, yes: false, force: false, help: false, positionals: [] };
  for (const token of tokens) {
    if (token.kind === "option-terminator") continue;
    if (token.kind === "positional") {
      if (!rules.positionals) throw new CliError(`unexpected argument "${token.value}"`);
      flags.positionals.push(token.value);
      continue;
    }
    const name = token.name as FlagName;
    if (!allowed.has(name)) throw new CliError(`unknown option "${token.rawName}"`);
    if (FLAGS[name].type === "boolean") {
      if (token.inlineValue) throw new CliError(`--${name} takes no value`);
      if (name === "json" || name === "yes" || name === "force") flags[name] = true;
      else if (name === "count-with-api") flags.countWithApi = true;
      else flags.help = true;
      continue;
    }
    const value = token.value;
    // A value taken from the next argument that is itself a long option means the value was left out.
    if (value === undefined || value === "" || (!token.inlineValue && value.startsWith("--"))) throw new CliError(`--${name} needs a value`);
    const choices = rules.choices?.[name];
    if (choices && !choices.includes(value)) throw new CliError(`--${name} is one of ${choices.join(", ")}, not "${value}"`);
    switch (name) {
      case "config":
        flags.configs.push(value);
        break;
      case "tools":
        flags.tools.push(value);
        break;
      case "timeout":
        if (!/^\d+$/.test(value) || Number(value) < 1) throw new CliError(`--timeout takes a whole number of milliseconds above 0, not "${value}"`);
        flags.timeoutMs = Number(value);
        break;
      case "since": {
        const time = Date.parse(value);
        if (Number.isNaN(time)) throw new CliError(`--since takes an ISO date or time (e.g. 2026-11-23 or 2026-11-23T09:00:00Z), not "${value}"`);
        flags.since = new Date(time).toISOString();
        break;
      }
      case "format":
        flags.format = value;
        break;
      case "client":
        flags.client = value;
        break;
      case "write":
        flags.write = value;
        break;
      case "profile":
        if (!PROFILE_NAME_PATTERN.test(value)) throw new CliError(`--profile takes a profile name (letters, digits, "-" and "_"), not "${value}"`);
        flags.profile = value;
        break;
      case "model":
        flags.model = value;
        break;
      case "out":
        flags.out = value;
        break;
    }
  }
  return flags;
}

/** `--help` or `-h` anywhere before a `--`: the command's usage is printed instead of running it. */
export function wantsHelp(args: readonly string[]): boolean {
  const end = args.indexOf("--");
  return (end < 0 ? args : args.slice(0, end)).some((arg) => arg === "--help" || arg === "-h");
}

/** The `--client` of a command that shows one client's view ("claude-code" when not given); pass `{ choices: { client: CLIENT_CHOICE_LIST } }` to parseFlags. */
export function clientChoiceOf(flags: Flags): ClientChoice {
  const client = flags.client ?? DEFAULT_CLIENT;
  if (!isClientChoice(client)) throw new CliError(`--client is one of ${CLIENT_CHOICE_LIST.join(", ")}, not "${client}"`);
  return client;
}
