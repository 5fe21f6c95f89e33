/**
 * What a client gives a stdio server it starts: the working directory and the NAMES of the environment
 * variables (never their values). Probe servers (raw-server.mjs --probe) are configured at every level a
 * client reads (Claude Code: project .mcp.json and user ~/.claude.json; Codex: user config.toml and a
 * trusted project's .codex/config.toml), each with a spec path relative to the project folder.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stringify } from "smol-toml";
import type { CaptureContext } from "./capture-fleet";
import { codexBaseConfig, HOLD_ENV, placeholders } from "./client-config";
import type { ClientSpec, Launcher } from "./install";
import { runClaudeCode } from "./run-claude-code";
import { runCodex } from "./run-codex";
import { capturePath, machineSwaps, recordedEnv, writeCapture } from "./write-capture";

/** A variable set in the client's own environment only: whether it reaches a server says whether the client passes its environment on. */
export const PARENT_MARKER = "MCP_FLEET_PARENT_ONLY";
/** A variable set in a server's config `env`: it must reach that server. */
export const CONFIG_MARKER = "MCP_FLEET_CONFIG_ENV";

const SPEC = "lib/clients/__fixtures__/servers/probe.json";


function server(rawServer: string, probeFile: string) {
  // The spec path is relative: it resolves only when the client starts the server in the project folder.
  return { command: process.execPath, args: [rawServer, "servers/probe.json", `--probe=${probeFile}`], env: { ...HOLD_ENV, [CONFIG_MARKER]: "1" } };
}

function readProbe(file: string): unknown {
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : "not started: no probe file was written";
}

export async function probeEnvironment(client: ClientSpec, launcher: Launcher, opts: CaptureContext): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), "mcp-fleet-capture-"));
  const project = join(root, "project");
  mkdirSync(join(project, "servers"), { recursive: true });
  mkdirSync(join(project, "sub"), { recursive: true });
  copyFileSync(join(opts.repo, SPEC), join(project, "servers", "probe.json"));
  const probes: Record<string, unknown> = {};
  const notes: Record<string, unknown> = {};
  // Common login variables too, to see which of them a client passes on (values are harmless constants).
  const extraEnv = { [PARENT_MARKER]: "1", USER: "capture", LOGNAME: "capture", SHELL: "/bin/sh", TERM: "dumb", TMPDIR: "/tmp", TZ: "UTC", LC_ALL: "C.UTF-8", LC_CTYPE: "C.UTF-8", XDG_RUNTIME_DIR: "/tmp", SSH_AUTH_SOCK: "/dev/null" };
  let failed = false;
  try {
    if (client.kind === "claude-code") {
      const home = join(root, "home");
      mkdirSync(home, { recursive: true });
      const userConfig = { mcpServers: { "user-probe": server(opts.rawServer, join(root, "probe-user.json")) } };
      writeFileSync(join(home, ".claude.json"), `${JSON.stringify(userConfig, null, 2)}\n`);
      const mcpJson = { mcpServers: { "project-probe": server(opts.rawServer, join(root, "probe-project.json")) } };
      const out = await runClaudeCode({ launcher, root, mcpJson, userSettings: { enableAllProjectMcpServers: true }, deferred: false, extraEnv });
      probes["project .mcp.json, claude run in the project folder"] = readProbe(join(root, "probe-project.json"));
      probes["user ~/.claude.json, claude run in the project folder"] = readProbe(join(root, "probe-user.json"));
      notes.run = { cwd: out.projectDir, argv: ["claude", ...out.args], env: recordedEnv(out.env) };
      notes.files = { "<home>/.claude.json": userConfig, "<project>/.mcp.json": mcpJson };
      notes.mcpTools = out.tools?.toolNames.filter((name) => name.startsWith("mcp__")) ?? [];
      notes.debugLog = out.debugLines;
      failed = !out.tools;
      // Once more from a subfolder: is the parent's .mcp.json found, and where do its servers start?
      rmSync(join(root, "probe-project.json"), { force: true });
      rmSync(join(root, "probe-user.json"), { force: true });
      const sub = await runClaudeCode({
        launcher,
        root,
        projectDir: join(project, "sub"),
        mcpJson: null,
        userSettings: { enableAllProjectMcpServers: true },
        deferred: false,
        extraEnv,
      });
      probes["project .mcp.json, claude run in <project>/sub"] = readProbe(join(root, "probe-project.json"));
      probes["user ~/.claude.json, claude run in <project>/sub"] = readProbe(join(root, "probe-user.json"));
      notes.mcpToolsFromSub = sub.tools?.toolNames.filter((name) => name.startsWith("mcp__")) ?? [];
    } else {
      const userTable = { "user-probe": server(opts.rawServer, join(root, "probe-user.json")) };
      const projectTable = { "project-probe": server(opts.rawServer, join(root, "probe-project.json")) };
      const out = await runCodex({
        launcher,
        root,
        extraEnv,
        userConfig: (url) => stringify({ ...codexBaseConfig(url), projects: { [project]: { trust_level: "trusted" } }, mcp_servers: userTable }),
        projectConfig: () => stringify({ mcp_servers: projectTable }),
      });
      probes["user config.toml, codex run in the project folder"] = readProbe(join(root, "probe-user.json"));
      probes["project .codex/config.toml (trusted project), codex run in the project folder"] = readProbe(join(root, "probe-project.json"));
      notes.run = { cwd: out.projectDir, argv: ["codex", ...out.args], env: recordedEnv(out.env) };
      notes.files = { "<codex-home>/config.toml": out.userConfigText, "<project>/.codex/config.toml": out.projectConfigText };
      notes.mcpTools = out.tools?.toolNames.filter((name) => name.startsWith("mcp__")) ?? [];
      notes.debugLog = out.debugLines;
      failed = !out.tools || out.outside.length > 0;
    }
    const record = {
      client: client.kind,
      version: client.version,
      fleet: "server-environment",
      about: `The cwd and environment variable names a stdio server gets. ${PARENT_MARKER} is set only in the client's environment; ${CONFIG_MARKER} only in the server's config env.`,
      ...notes,
      probes,
    };
    const path = capturePath(opts.repo, client.kind, client.version, "server-environment");
    writeCapture(path, `${JSON.stringify(placeholders(record, machineSwaps(root, opts.repo, opts.rawServer)), null, 2)}\n`);
    if (failed) throw new Error(`probe: the client sent no usable request; see ${root}`);
    return path;
  } finally {
    if (opts.keep || failed) opts.log(`kept ${root}`);
    else rmSync(root, { recursive: true, force: true });
  }
}
