/** The files a capture writes for each client, the client argument, and the capture file's placeholders. */
import { parse } from "smol-toml";
import { describe, expect, test } from "vitest";
import { loadFleet } from "../../lib/clients/__fixtures__/load-fleet";
import { claudeMcpJson, claudeUserSettings, codexConfigToml, placeholders, type ServerLaunch } from "./client-config";
import { installDir, parseClientArg } from "./install";
import { captureText, type CaptureRecord } from "./write-capture";

const launch: ServerLaunch = { node: "/opt/node/bin/node", rawServer: "/repo/lib/demo/raw-server.mjs", repo: "/repo" };

describe("Claude Code files", () => {
  test(".mcp.json lists the servers in fleet order, each holding its initial list", () => {
    const json = claudeMcpJson(loadFleet("two-servers"), launch);
    expect(Object.keys(json.mcpServers)).toEqual(["basic", "pages"]);
    expect(json.mcpServers.basic).toEqual({
      command: "/opt/node/bin/node",
      args: ["/repo/lib/demo/raw-server.mjs", "/repo/e2e/fixtures/basic.json"],
      env: { RAW_SERVER_HOLD_CHANGES: "1" },
    });
  });

  test("user settings approve project servers and carry the fleet's rules; no empty permissions block", () => {
    expect(claudeUserSettings(loadFleet("two-servers"))).toEqual({ enableAllProjectMcpServers: true });
    const withRules = claudeUserSettings(loadFleet("claude-permissions")) as { permissions: { deny: string[] } };
    expect(withRules.permissions.deny).toContain("mcp__fs__files.write");
  });
});

describe("Codex config.toml", () => {
  const toml = parse(codexConfigToml(loadFleet("codex-settings"), launch, "http://127.0.0.1:4321")) as Record<string, any>;

  test("points at the fake API through a custom Responses provider", () => {
    expect(toml.model_provider).toBe("fake");
    expect(toml.model_providers.fake).toEqual({ name: "fake", base_url: "http://127.0.0.1:4321/v1", wire_api: "responses", env_key: "MCP_FLEET_FAKE_KEY" });
  });

  test("turns off everything that reached the network in 0.169.0", () => {
    expect(toml.check_for_update_on_startup).toBe(false);
    expect(toml.analytics).toEqual({ enabled: false });
    expect(toml.features).toEqual({ plugins: false, remote_plugin: false, apps: false });
  });

  test("writes each server's settings as given, servers in fleet order", () => {
    expect(Object.keys(toml.mcp_servers)).toEqual(["plain", "disabled", "enabled", "both", "all-off", "off", "approvals", "no-mode", "dotted", "tool-off"]);
    expect(toml.mcp_servers.off.enabled).toBe(false);
    expect(toml.mcp_servers.both).toMatchObject({ enabled_tools: ["bo_one", "bo_two"], disabled_tools: ["bo_two"] });
    expect(toml.mcp_servers.approvals).toMatchObject({ default_tools_approval_mode: "prompt", tools: { a_approve: { approval_mode: "approve" } } });
    expect(toml.mcp_servers.plain.env).toEqual({ RAW_SERVER_HOLD_CHANGES: "1" });
  });
});

describe("--client", () => {
  test.each([
    ["claude-code@2.1.328", { kind: "claude-code", version: "2.1.328", pkg: "@anthropic-ai/claude-code" }],
    ["codex@0.169.0", { kind: "codex", version: "0.169.0", pkg: "@openai/codex" }],
    ["codex@0.170.0-alpha.1", { kind: "codex", version: "0.170.0-alpha.1", pkg: "@openai/codex" }],
  ])("%s", (arg, expected) => {
    expect(parseClientArg(arg)).toEqual(expected);
  });

  test.each(["claude-code", "claude-code@latest", "cursor@1.0.0", "codex@0.169"])("%s is refused in words", (arg) => {
    expect(parseClientArg(arg)).toEqual({ error: expect.stringContaining(arg) });
  });

  test("the cache folder is outside the repository, under XDG_CACHE_HOME or ~/.cache", () => {
    const client = { kind: "codex" as const, version: "0.169.0", pkg: "@openai/codex" };
    expect(installDir(client, { XDG_CACHE_HOME: "/c" })).toBe("/c/mcp-fleet/clients/@openai/codex@0.169.0");
    expect(installDir(client, { HOME: "/h" })).toBe("/h/.cache/mcp-fleet/clients/@openai/codex@0.169.0");
  });
});

describe("capture file", () => {
  test("placeholders replace the longest path first, and every loopback port", () => {
    const swaps: [string, string][] = [
      ["/tmp/x", "<tmp>"],
      ["/tmp/x/project", "<project>"],
    ];
    expect(placeholders({ a: "/tmp/x/project/.mcp.json", b: ["/tmp/x/log", "http://127.0.0.1:5555/v1"], n: 3 }, swaps)).toEqual({
      a: "<project>/.mcp.json",
      b: ["<tmp>/log", "http://127.0.0.1:<port>/v1"],
      n: 3,
    });
  });

  test("the tools are written as sent (no placeholder inside them) and there is no date", () => {
    const record: CaptureRecord = {
      client: "claude-code",
      version: "2.1.328",
      fleet: "f",
      about: "a",
      mode: "eager",
      run: { cwd: "/tmp/x/project", argv: ["claude"], env: {} },
      files: {},
      toolNames: [],
      otherTools: [],
      mcpTools: [{ name: "mcp__s__t", description: "reads /tmp/x/project" }],
      debugLog: [],
    };
    const text = captureText(record, [["/tmp/x/project", "<project>"]]);
    const parsed = JSON.parse(text);
    expect(parsed.run.cwd).toBe("<project>");
    expect(parsed.mcpTools[0].description).toBe("reads /tmp/x/project");
    expect(text.endsWith("}\n")).toBe(true);
    expect(text).not.toMatch(/\d{4}-\d\d-\d\dT/);
  });
});
