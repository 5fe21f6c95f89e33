/**
 * `mcp-fleet cost [--config F ...] [--profile P] [--client X] [--timeout MS] [--json] [--count-with-api
 * [--model M]]`: how much of the model's context one client's MCP tools take (docs/cost.md): per server and
 * in all, up front and in full, with the heaviest tools and descriptions and their share; for Claude Code,
 * which loading its ENABLE_TOOL_SEARCH selects. Tokens are o200k_base (exact for Codex, an estimate for
 * Claude) unless --count-with-api asks Anthropic's count_tokens with ANTHROPIC_API_KEY: then the servers
 * are ended first, and only the tool definitions are sent. --json prints the CostReport.
 */
import { CLIENT_CHOICE_LIST } from "@/lib/clients";
import { CLAUDE_CODE_DEFAULT_MODEL, claudeCountRequest, costReport, type ApiTokenCount } from "@/lib/cost";
import { anthropicCredentials, countClaudeTokens } from "@/lib/server/claude-count";
import { formatSettingsProblem, settingsReadOf } from "@/lib/settings/client-settings";
import { clientChoiceOf, parseFlags } from "../flags";
import { formatCostReport } from "../format-cost";
import { CliError, type Command } from "../io";
import { asCliErrors, loadLiveFleet, readCliClientSettings } from "../live-fleet";

export const usage = [
  `usage: mcp-fleet cost [--config <file> ...] [--profile <name>] [--client ${CLIENT_CHOICE_LIST.join("|")}] [--timeout <ms>] [--json]`,
  "                      [--count-with-api [--model <model>]]",
  "",
  "  --count-with-api  count Claude tokens with Anthropic's count_tokens (ANTHROPIC_API_KEY; ANTHROPIC_BASE_URL if set):",
  "                    only the tool definitions are sent; one request per tool, and two more",
  `  --model           the model to count for (default ${CLAUDE_CODE_DEFAULT_MODEL}, Claude Code's default)`,
].join("\n");

export const run: Command = (args, io) =>
  asCliErrors(async () => {
    const flags = parseFlags(args, ["config", "profile", "client", "timeout", "json", "count-with-api", "model"], { choices: { client: CLIENT_CHOICE_LIST } });
    const client = clientChoiceOf(flags);
    if (flags.model && !flags.countWithApi) throw new CliError("--model is the model --count-with-api counts for; add --count-with-api");
    const credentials = flags.countWithApi ? anthropicCredentials(io.env) : null;
    if (flags.countWithApi) {
      if (client === "codex") throw new CliError("--count-with-api asks Anthropic for Claude's count; Codex's tokens (o200k_base) are exact already");
      if (!credentials) throw new CliError("--count-with-api needs ANTHROPIC_API_KEY in the environment; without it the Claude figures are an estimate, said as one");
    }
    const fleet = await loadLiveFleet(flags, io);
    const read = await readCliClientSettings(fleet.loaded, io);
    for (const problem of read.problems) io.err(formatSettingsProblem(problem));
    for (const r of settingsReadOf(client, read.read)) io.err(`read ${r.label}: ${r.exists ? r.took : "absent"}`);
    if (read.toolSearch) io.err(`ENABLE_TOOL_SEARCH=${read.toolSearch.value} (${read.toolSearch.source})`);
    const input = { client, settings: read.settings, toolSearch: read.toolSearch, profile: fleet.profile?.name ?? null };
    const print = (report: ReturnType<typeof costReport>["report"]) => io.out(flags.json ? JSON.stringify(report, null, 2) : formatCostReport(report));

    if (!credentials) {
      return fleet.observe(
        (state, toolLists) => {
          // The state's view of this client was made from these lists with these settings: costed as it is.
          print(costReport({ ...input, toolLists, view: state.views[client] }).report);
          return 0;
        },
        { clientSettings: read.settings },
      );
    }
    // The count takes one request per tool: the servers are ended before it starts.
    const { toolLists, view } = await fleet.observe((state, lists) => ({ toolLists: lists, view: state.views[client] }), { clientSettings: read.settings });
    const request = claudeCountRequest(view, toolLists);
    io.err(`counting with Anthropic's count_tokens (${flags.model ?? CLAUDE_CODE_DEFAULT_MODEL}): ${request.tools.length + 2 + (request.announcement ? 1 : 0)} requests`);
    const api: ApiTokenCount = await countClaudeTokens({ ...credentials, model: flags.model ?? CLAUDE_CODE_DEFAULT_MODEL, ...request });
    print(costReport({ ...input, toolLists, view, api }).report);
    return 0;
  });
