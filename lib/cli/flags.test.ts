import { describe, expect, test } from "vitest";

import { CLIENT_CHOICE_LIST } from "@/lib/clients";
import { clientChoiceOf, parseFlags, wantsHelp, type FlagName } from "./flags";
import { CliError } from "./io";

const ALL: FlagName[] = ["config", "timeout", "json", "since", "format", "client", "write", "tools", "profile", "count-with-api", "model", "out", "force"];

describe("every flag reads the same in every command", () => {
  test.each([
    [["--config", "a.json", "-c", "b.json", "--config=c.json"], { configs: ["a.json", "b.json", "c.json"] }],
    [["--timeout", "5000"], { timeoutMs: 5000 }],
    [["--timeout=250"], { timeoutMs: 250 }],
    [["--timeout", "-1"], 'error: --timeout takes a whole number of milliseconds above 0, not "-1"'],
    [["--timeout", "soon"], 'error: --timeout takes a whole number of milliseconds above 0, not "soon"'],
    [["--timeout", "0"], 'error: --timeout takes a whole number of milliseconds above 0, not "0"'],
    [["--json"], { json: true }],
    [["--json=yes"], "error: --json takes no value"],
    [["--since", "2026-11-23"], { since: "2026-11-23T00:00:00.000Z" }],
    [["--since", "last tuesday"], 'error: --since takes an ISO date or time (e.g. 2026-11-23 or 2026-11-23T09:00:00Z), not "last tuesday"'],
    [["--tools", "a=x.json", "--tools=b=dir/y=z.json"], { tools: ["a=x.json", "b=dir/y=z.json"] }],
    [["--write", "out.json"], { write: "out.json" }],
    [["--client=codex"], { client: "codex" }],
    [["--config"], "error: --config needs a value"],
    [["--config="], "error: --config needs a value"],
    [["--config", "--json"], "error: --config needs a value"],
    [["--verbose"], 'error: unknown option "--verbose"'],
    [["-x"], 'error: unknown option "-x"'],
    [["stray"], 'error: unexpected argument "stray"'],
    [["-h"], { help: true }],
    [["--profile", "review"], { profile: "review" }],
    [["--profile=docs_2"], { profile: "docs_2" }],
    [["--profile", "../x"], 'error: --profile takes a profile name (letters, digits, "-" and "_"), not "../x"'],
    [["--profile"], "error: --profile needs a value"],
    [["--count-with-api"], { countWithApi: true, json: false }],
    [["--count-with-api=1"], "error: --count-with-api takes no value"],
    [["--model", "claude-opus-5-5"], { model: "claude-opus-5-5" }],
    [["--out", "agent/fleet"], { out: "agent/fleet", force: false }],
    [["--out"], "error: --out needs a value"],
    [["--force"], { force: true }],
    [["--force=yes"], "error: --force takes no value"],
    [["--", "--json"], 'error: unexpected argument "--json"'],
  ])("%j", (args, expected) => {
    let outcome: unknown;
    try {
      outcome = parseFlags(args, ALL);
    } catch (error) {
      expect(error).toBeInstanceOf(CliError);
      outcome = `error: ${(error as Error).message}`;
    }
    if (typeof expected === "string") expect(outcome).toBe(expected);
    else expect(outcome).toMatchObject(expected);
  });
});

test("a command takes only the flags it names", () => {
  expect(() => parseFlags(["--since", "2026-01-01"], ["config", "timeout"])).toThrow('unknown option "--since"');
  expect(parseFlags(["--since", "2026-01-01"], ["config", "since"]).since).toBe("2026-01-01T00:00:00.000Z");
});

test("positionals, where a command takes them, keep their order between flags", () => {
  expect(parseFlags(["github:x", "-c", "a.json", "deny"], ["config"], { positionals: true })).toMatchObject({
    configs: ["a.json"],
    positionals: ["github:x", "deny"],
  });
});

test.each([
  ["claude", "claude"],
  ["toml", 'error: --format is one of claude, codex, not "toml"'],
])("--format %s against its choices", (value, expected) => {
  let outcome: unknown;
  try {
    outcome = parseFlags(["--format", value], ["format"], { choices: { format: ["claude", "codex"] } }).format;
  } catch (error) {
    outcome = `error: ${(error as Error).message}`;
  }
  expect(outcome).toBe(expected);
});

test.each([
  [["--help"], true],
  [["set", "-h"], true],
  [["--", "--help"], false],
  [["--helpful"], false],
])("wantsHelp(%j) is %s", (args, expected) => {
  expect(wantsHelp(args)).toBe(expected);
});

test.each([
  [[], "claude-code"],
  [["--client", "codex"], "codex"],
  [["--client=claude-code@2.1.194"], "claude-code@2.1.194"],
  [["--client", "cursor"], 'error: --client is one of claude-code, claude-code@2.1.194, codex, agent-sdk, not "cursor"'],
])("a client view's --client: %j is %s", (args, expected) => {
  let outcome: string;
  try {
    outcome = clientChoiceOf(parseFlags(args, ["client"], { choices: { client: CLIENT_CHOICE_LIST } }));
  } catch (error) {
    outcome = `error: ${(error as Error).message}`;
  }
  expect(outcome).toBe(expected);
});
