/**
 * `mcp-fleet call [--config F ...] [--profile P] [--client claude-code|codex|agent-sdk] [--json] [--yes]
 * [--force] [--timeout MS] <name> ['<json arguments>']`: one tool call as a client's model sends it,
 * resolved through that client's view of the live fleet (a profile's servers alone with --profile) to the
 * server and the original name, checked against the tool's original schema and the permission rules, and
 * sent (lib/calls). Prints the three JSONs (with --json, exactly `{ toolUse, request, result }`), then
 * ends the servers. Exit 0 when the server answered a result that is not an error; 1 for every other
 * ending (an unknown or denied name, bad arguments, an error, a timeout); 2 for bad command-line input,
 * such as arguments that are not JSON.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline/promises";

import { loadCallSetup } from "@/lib/calls/call-setup";
import { runCall, type CallInput } from "@/lib/calls/run-call";
import { CLIENT_CHOICE_LIST, type ClientChoice } from "@/lib/clients";
import { isDemoConfig, projectDirOf } from "@/lib/config";
import { openHistoryStore } from "@/lib/history/store";
import { parseJsonText } from "@/lib/json/json-text";
import type { OurRule } from "@/lib/permissions/types";
import { ourRules, permissionsProjectDir } from "@/lib/settings/permissions-service";
import { clientChoiceOf, parseFlags } from "../flags";
import { formatCall } from "../format-call";
import { CliError, type CliIO, type Command } from "../io";
import { asCliErrors, loadLiveFleet } from "../live-fleet";

/** A call may take a minute unless --timeout says otherwise; connecting never gets less than the fleet's usual 15 s. */
const CONNECT_TIMEOUT_MS = 15_000;
const CALL_TIMEOUT_MS = 60_000;

export const usage = [
  `usage: mcp-fleet call [--config <file> ...] [--profile <name>] [--client ${CLIENT_CHOICE_LIST.join("|")}] [--json] [--yes] [--force] [--timeout <ms>] <name> ['<json arguments>']`,
  "",
  "  <name>        the tool as the client's model calls it: mcp__fs__files_read (Claude Code, Codex), tracker__create_issue (Agent SDK)",
  "  arguments     a JSON object (default {}); checked against the tool's original schema before it is sent",
  "  --profile     only the servers of that profile of mcp-fleet.json, under the names its model sees",
  "  --client      whose names and view to use (default claude-code)",
  "  --json        print { toolUse, request, result } and nothing else",
  "  --yes, -y     answer yes when an ask rule wants confirmation (without it: a prompt on a terminal, else refused)",
  "  --force       send arguments that fail the schema anyway",
  `  --timeout     for the call (default ${CALL_TIMEOUT_MS} ms; it is cancelled on the server when it runs out) and for connecting (never under ${CONNECT_TIMEOUT_MS} ms)`,
].join("\n");

/** A yes-or-no question to the person at the terminal; null: there is nobody to ask (not a terminal). */
export type Confirm = ((question: string) => Promise<boolean>) | null;

/** The terminal, plus how to ask: tests pass their own answer, or null for "not a terminal". */
export type CallIO = CliIO & { confirm?: Confirm };

interface CallArgs {
  configs: string[];
  profile?: string;
  client: ClientChoice;
  json: boolean;
  yes: boolean;
  force: boolean;
  timeoutMs?: number;
  name: string;
  arguments: unknown;
}

export function parseCallArgs(args: string[]): CallArgs {
  const flags = parseFlags(args, ["config", "profile", "client", "json", "yes", "force", "timeout"], { positionals: true, choices: { client: CLIENT_CHOICE_LIST } });
  const [name, text, ...rest] = flags.positionals;
  if (!name) throw new CliError("name the tool to call, as the client's model calls it (e.g. mcp__fs__files_read)");
  if (rest.length > 0) throw new CliError(`give the arguments as one JSON object in quotes; unexpected "${rest[0]}"`);
  const client = clientChoiceOf(flags);
  let value: unknown = {};
  if (text !== undefined) {
    const parsed = parseJsonText(text);
    if (!parsed.ok) throw new CliError(`the arguments are not JSON: ${parsed.error.message} at line ${parsed.error.line}, column ${parsed.error.column}`);
    value = parsed.value;
  }
  return {
    configs: flags.configs,
    ...(flags.profile ? { profile: flags.profile } : {}),
    client,
    json: flags.json,
    yes: flags.yes,
    force: flags.force,
    name,
    arguments: value,
    ...(flags.timeoutMs !== undefined ? { timeoutMs: flags.timeoutMs } : {}),
  };
}

/** Asks on the terminal when stdin and stderr are one; otherwise there is nobody to ask. */
function terminalConfirm(): Confirm {
  if (!process.stdin.isTTY || !process.stderr.isTTY) return null;
  return async (question) => {
    const rl = createInterface({ input: process.stdin, output: process.stderr });
    try {
      return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
    } finally {
      rl.close();
    }
  };
}

/** Our rules from the history database, when there is one (a call never creates it); a problem is said and the settings files' rules still apply. */
function storedRules(dataDir: string, io: CliIO): OurRule[] {
  if (!existsSync(path.join(dataDir, "history.db"))) return [];
  try {
    const store = openHistoryStore(dataDir);
    try {
      return ourRules(store);
    } finally {
      store.close();
    }
  } catch (error) {
    io.err(`warning: our permission rules could not be read (${error instanceof Error ? error.message : String(error)}); only the settings files' rules apply`);
    return [];
  }
}

/**
 * Ctrl-C (or a TERM) during the call cancels it on the server first (this listener runs before lib/fleet's
 * shutdown handlers, which then end the servers and the process); the answer is printed on the way.
 */
function cancelOnSignal(abort: AbortController): () => void {
  const onSignal = (signal: NodeJS.Signals) => abort.abort(`cancelled by the user (${signal})`);
  process.prependOnceListener("SIGINT", onSignal);
  process.prependOnceListener("SIGTERM", onSignal);
  return () => {
    process.removeListener("SIGINT", onSignal);
    process.removeListener("SIGTERM", onSignal);
  };
}

export const run: Command = (args, io: CallIO) =>
  asCliErrors(async () => {
    const parsed = parseCallArgs(args);
    // Connecting never gets less than the fleet's usual timeout, whatever the call's own.
    const fleet = await loadLiveFleet({ configs: parsed.configs, profile: parsed.profile, timeoutMs: Math.max(parsed.timeoutMs ?? 0, CONNECT_TIMEOUT_MS) }, io);
    const projectDir = permissionsProjectDir(projectDirOf(fleet.loaded), fleet.dataDir, isDemoConfig(fleet.loaded));
    const ours = storedRules(fleet.dataDir, io);
    const record = await fleet.observe(async (state, _lists, manager) => {
      for (const s of state.servers) if (s.status === "error") io.err(`warning: ${s.id} is not ready (${s.error ?? "failed"})`);
      const setup = await loadCallSetup(parsed.client, fleet.loaded, { projectDir, env: io.env, ours, tools: state.snapshot.tools, relativeTo: io.cwd });
      for (const problem of setup.problems) io.err(problem);
      const abort = new AbortController();
      const release = cancelOnSignal(abort);
      try {
        const input: CallInput = {
          id: `cli${Date.now().toString(36)}`,
          client: parsed.client,
          name: parsed.name,
          arguments: parsed.arguments,
          force: parsed.force,
          timeoutMs: parsed.timeoutMs ?? CALL_TIMEOUT_MS,
          signal: abort.signal,
        };
        let answer = await runCall(manager, setup, { ...input, confirmed: parsed.yes });
        if ("confirm" in answer) {
          const confirm = io.confirm === undefined ? terminalConfirm() : io.confirm;
          const yes = confirm ? await confirm(answer.confirm.question) : false;
          const declined = yes ? undefined : confirm ? "the user said no" : "it needs a yes and stdin is not a terminal: run it again with --yes";
          answer = await runCall(manager, setup, { ...input, ...(yes ? { confirmed: true } : { declined }) });
        }
        if (!("call" in answer)) throw new CliError("the call was neither made nor refused");
        // The answer first; the servers are ended after it is printed.
        if (parsed.json) io.out(JSON.stringify({ toolUse: answer.call.toolUse, request: answer.call.request, result: answer.call.result }, null, 2));
        else io.out(formatCall(answer.call));
        return { status: answer.call.status, signalled: abort.signal.aborted };
      } finally {
        release();
      }
    });
    if (record.status === "cancelled" && record.signalled) return 130;
    return record.status === "ok" ? 0 : 1;
  });
