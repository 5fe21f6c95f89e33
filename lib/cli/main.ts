/**
 * `mcp-fleet`: the command-line face of the same core the dashboard runs. Argument parsing (one parser,
 * flags.ts) and presentation only; each command lives in `commands/<name>.ts`, exports its usage and
 * its run, and is loaded on demand (a command pays only for the modules it uses). A new command is one
 * row in COMMANDS. The process around it (stdout, exit code, signals) is run-cli.ts.
 */
import { wantsHelp } from "./flags";
import { CliError, type CliIO, type Command } from "./io";

/** A command module: its usage lines and its run. */
export interface CommandModule {
  usage: string;
  run: Command;
}

const COMMANDS: Record<string, { summary: string; load: () => Promise<CommandModule> }> = {
  snapshot: { summary: "connect to the project's servers and print the reconciled fleet", load: () => import("./commands/snapshot") },
  tools: { summary: "what one client sends for the fleet (--client claude-code|codex|agent-sdk), and what it drops and why", load: () => import("./commands/tools") },
  call: { summary: "call a tool as a client's model would (mcp__fs__files_read '{...}'): the three JSONs", load: () => import("./commands/call") },
  reconcile: { summary: "reconcile saved tools/list responses (--tools <server>=<file> ...)", load: () => import("./commands/reconcile") },
  cost: { summary: "how much of the model's context the tools take, per server and in all, with the heaviest tools", load: () => import("./commands/cost") },
  profiles: { summary: "task profiles in mcp-fleet.json: set, remove, list, suggest, export", load: () => import("./commands/profiles") },
  bundle: { summary: "write index.ts for an Agent SDK host: tools, alias maps, full-name hint, fleet hash, dispatcher", load: () => import("./commands/bundle") },
  lock: { summary: "write mcp-fleet.lock.json from the live fleet", load: () => import("./commands/lock") },
  check: { summary: "compare the live fleet with mcp-fleet.lock.json (exit 1 on any difference)", load: () => import("./commands/check") },
  report: { summary: "print the weekly review as Markdown", load: () => import("./commands/report") },
  permissions: { summary: "set and export per-tool allow / ask / deny rules", load: () => import("./commands/permissions") },
  start: { summary: "start the dashboard on the project's servers (the launcher's --port, --timeout, --dev ...)", load: () => import("./commands/start") },
};

export function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  return [
    "usage: mcp-fleet <command> [options]      (mcp-fleet <command> --help for its options)",
    "",
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
    "",
    "Without --config, the configs of the folder it runs in are read (.mcp.json, .cursor/mcp.json,",
    ".vscode/mcp.json, .codex/config.toml, and the folder's entry in ~/.claude.json); none: the demo fleet.",
  ].join("\n");
}

export async function main(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    (name ? io.out : io.err)(usage());
    return name ? 0 : 2;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    io.err(`mcp-fleet: unknown command "${name}"`);
    io.err(usage());
    return 2;
  }
  try {
    const { run, usage: commandUsage } = await command.load();
    if (wantsHelp(rest)) {
      io.out(commandUsage);
      return 0;
    }
    return await run(rest, io);
  } catch (error) {
    if (error instanceof CliError) {
      io.err(`mcp-fleet ${name}: ${error.message}`);
      return error.exitCode;
    }
    throw error;
  }
}
