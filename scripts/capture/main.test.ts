/** The capture command's arguments: one target, a known client and fleet, and errors in words. */
import { expect, test } from "vitest";
import { parseArgs } from "./main";

const claude = { kind: "claude-code", version: "2.1.328", pkg: "@anthropic-ai/claude-code" };

test.each([
  [["--client", "claude-code@2.1.328", "--fleet", "demo"], { client: claude, fleet: "demo", all: false, probe: false, deferred: false, keep: false }],
  [["--client", "claude-code@2.1.328", "--all", "--keep"], { client: claude, all: true, probe: false, deferred: false, keep: true }],
  [["--client", "claude-code@2.1.328", "--fleet", "demo", "--deferred"], { client: claude, fleet: "demo", all: false, probe: false, deferred: true, keep: false }],
  [["--client", "claude-code@2.1.328", "--config", "x/.mcp.json"], { client: claude, config: "x/.mcp.json", all: false, probe: false, deferred: false, keep: false }],
  [["--client", "claude-code@2.1.328", "--probe-environment"], { client: claude, all: false, probe: true, deferred: false, keep: false }],
])("%j", (argv, expected) => {
  expect(parseArgs(argv)).toEqual(expected);
});

test.each([
  [["--fleet", "demo"], "--client is required"],
  [["--client", "claude-code@2.1.328"], "give exactly one of --fleet, --all, --config, --probe-environment"],
  [["--client", "claude-code@2.1.328", "--fleet", "demo", "--all"], "give exactly one of --fleet, --all, --config, --probe-environment"],
  [["--client", "codex@0.169.0", "--fleet", "demo", "--deferred"], "--deferred is a Claude Code mode"],
  [["--client", "codex@0.169.0", "--fleet", "nope"], 'no fixture fleet "nope"'],
  [["--client", "codex@0.169.0", "--fleet"], "--fleet needs a value"],
  [["--client", "codex@0.169.0", "--all", "--bogus"], 'unknown argument "--bogus"'],
  [["--client", "cursor@1.0.0", "--all"], '--client wants claude-code@<version> or codex@<version>, got "cursor@1.0.0"'],
])("%j is refused: %s", (argv, message) => {
  expect(parseArgs(argv)).toEqual({ error: message });
});
