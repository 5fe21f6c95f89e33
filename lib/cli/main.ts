/**
 * `fleet`: the command-line face of the same core the dashboard runs. Argument parsing (one parser,
 * flags.ts) and presentation only; each command lives in `commands/<name>.ts`, exports its usage and
 * its run, and is loaded on demand.
 */
import { wantsHelp } from "./flags";
import { CliError, processIO, type CliIO, type Command } from "./io";

/** A command module: its usage lines and its run. */
interface CommandModule {
  usage: string;
  run: Command;
}

const COMMANDS: Record<string, { summary: string; load: () => Promise<CommandModule> }> = {
  reconcile: { summary: "reconcile saved tools/list responses (--tools <server>=<file> ...)", load: () => import("./commands/reconcile") },
  snapshot: { summary: "connect to a config's servers and print the reconciled fleet", load: () => import("./commands/snapshot") },
  tools: { summary: "what one client sends for the fleet (--client claude-code|codex|agent-sdk), and what it drops and why", load: () => import("./commands/tools") },
  call: { summary: "call a tool as a client's model would (mcp__fs__files_read '{...}'): the three JSONs", load: () => import("./commands/call") },
  lock: { summary: "write mcp-fleet.lock.json from the live fleet", load: () => import("./commands/lock") },
  check: { summary: "compare the live fleet with mcp-fleet.lock.json (exit 1 on any difference)", load: () => import("./commands/check") },
  report: { summary: "print the weekly review as Markdown", load: () => import("./commands/report") },
  permissions: { summary: "set and export per-tool allow / ask / deny rules", load: () => import("./commands/permissions") },
};

export function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  return [
    "usage: fleet <command> [options]",
    "",
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
  ].join("\n");
}

export async function main(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    io.out(usage());
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`fleet: unknown command "${name}"`);
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
      io.err(`fleet ${name}: ${error.message}`);
      return error.exitCode;
    }
    throw error;
  }
}

const invokedDirectly = process.argv[1] && /lib[\\/]cli[\\/]main\.ts$/.test(process.argv[1]);
if (invokedDirectly) {
  main(process.argv.slice(2), processIO()).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`fleet: unexpected error: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 70;
    },
  );
}
