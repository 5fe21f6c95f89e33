/**
 * `mcp-fleet call` as a user runs it: the built bin started from a temp project holding `.mcp.json` (the
 * calls fixture, with tee recording what it is sent, and the basic fixture, which also has `echo`)
 * and `mcp-fleet.json`, HOME in a temp folder. The configs are found where it runs, `--profile` calls
 * under the profile's own names, and Ctrl-C during a call cancels it on the server, prints the answer and
 * ends every server.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { fixtureSpecPath, RAW_SERVER, REPO_ROOT } from "@/e2e/fixtures/fixture-servers";
import { ensureCliBuild } from "@/scripts/build-cli.mjs";
import { processesMentioning } from "@/lib/fleet/testing/process-tree";
import { startBin, tempProject } from "../testing/run-bin";


let root: string;
let project: string;
let home: string;
/** Everything the fleet wrote to the calls server's stdin (tee in front of it), so a test knows when a call is on its way. */
let wire: string;

beforeAll(async () => {
  await ensureCliBuild({ root: REPO_ROOT, log: () => {} });
  ({ root, project, home } = tempProject("call-bin-"));
  const spec = fixtureSpecPath("calls");
  wire = path.join(root, "calls-stdin.jsonl");
  const calls = { command: "bash", args: ["-c", `tee -a "${wire}" | exec "${process.execPath}" "${RAW_SERVER}" "${spec}"`] };
  const basic = { command: process.execPath, args: [RAW_SERVER, fixtureSpecPath("basic")] };
  writeFileSync(path.join(project, ".mcp.json"), JSON.stringify({ mcpServers: { calls, basic } }, null, 2));
  writeFileSync(path.join(project, "mcp-fleet.json"), JSON.stringify({ version: 1, profiles: { solo: { servers: ["calls"] } } }, null, 2));
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const start = (args: string[]) => startBin(args, { cwd: project, home });
const mcpFleet = (args: string[]) => start(args).done;

/** Live processes whose command line mentions the temp folder: servers left behind. */
const leftovers = () => processesMentioning(root);

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
}

/** The JSON-RPC messages with this method the calls server was sent so far (a line still being written is left for the next look). */
function sent(method: string): Message[] {
  if (!existsSync(wire)) return [];
  return readFileSync(wire, "utf8")
    .split("\n")
    .flatMap((line): Message[] => {
      try {
        return [JSON.parse(line) as Message];
      } catch {
        return [];
      }
    })
    .filter((m) => m.method === method);
}

describe("mcp-fleet call, run from a project folder", () => {
  test("no --config: the project's .mcp.json is found (said on stderr) and stdout holds exactly { toolUse, request, result }", { timeout: 60_000 }, async () => {
    const run = await mcpFleet(["call", "--json", "mcp__calls__echo", '{"text":"hi"}']);
    expect(run.stderr).toBe(`reading .mcp.json in ${project}\n`);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as { toolUse: unknown; request: { id: number }; result: unknown };
    expect(Object.keys(json)).toEqual(["toolUse", "request", "result"]);
    expect(json.request).toEqual({ jsonrpc: "2.0", id: json.request.id, method: "tools/call", params: { name: "echo", arguments: { text: "hi" } } });
    expect(json.result).toEqual({ jsonrpc: "2.0", id: json.request.id, result: { content: [{ type: "text", text: '{"text":"hi"}' }], structuredContent: { text: "hi" } } });
    expect(leftovers()).toEqual([]);
  });

  test("--profile: only the profile's servers start, and the call goes by the name that profile's model sees", { timeout: 90_000 }, async () => {
    // The whole fleet has echo twice, so an Agent SDK host names it calls__echo; the profile has it once.
    const whole = await mcpFleet(["call", "--json", "--client", "agent-sdk", "calls__echo", '{"text":"a"}']);
    expect(whole.code).toBe(0);
    expect(JSON.parse(whole.stdout)).toMatchObject({ request: { params: { name: "echo" } } });

    const solo = await mcpFleet(["call", "--profile", "solo", "--json", "--client", "agent-sdk", "echo", '{"text":"b"}']);
    expect(solo.stderr).toBe(`reading .mcp.json in ${project}\nprofile solo: calls (${path.join(project, "mcp-fleet.json")})\n`);
    expect(solo.code).toBe(0);
    expect(JSON.parse(solo.stdout)).toMatchObject({ toolUse: { name: "echo" }, request: { params: { name: "echo", arguments: { text: "b" } } } });

    const stale = await mcpFleet(["call", "--profile", "solo", "--json", "--client", "agent-sdk", "calls__echo", "{}"]);
    expect(stale.code).toBe(1);
    const refused = JSON.parse(stale.stdout) as { request: unknown; result: { is_error: boolean; content: Array<{ text: string }> } };
    expect(refused.request).toBeNull();
    expect(refused.result.is_error).toBe(true);
    // Only the calls server's tools exist under the profile (basic's are not started).
    expect(refused.result.content[0].text).toBe('Unknown tool "calls__echo". Tools that exist: bad_weather, crash, echo, find, picture, rpc_error, slow, tool_error, weather.');

    const unknown = await mcpFleet(["call", "--profile", "nope", "echo"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe("");
    expect(unknown.stderr).toContain("mcp-fleet call: ");
    expect(unknown.stderr).toContain("nope");
  });

  test("Ctrl-C during a call: the server is sent notifications/cancelled, the answer is printed, every server ends, exit 130", { timeout: 60_000 }, async () => {
    const { child, done } = start(["call", "--json", "mcp__calls__slow"]);
    await expect.poll(() => sent("tools/call").filter((m) => m.params?.name === "slow").length, { timeout: 30_000 }).toBe(1);
    const [request] = sent("tools/call").filter((m) => m.params?.name === "slow");
    child.kill("SIGINT");
    const run = await done;
    expect(run.code).toBe(130);
    expect(run.stderr).toBe(`reading .mcp.json in ${project}\n`);
    const json = JSON.parse(run.stdout) as { request: { id: number }; result: { is_error: boolean; content: Array<{ text: string }> } };
    expect(json.request.id).toBe(request.id);
    expect(json.result.is_error).toBe(true);
    expect(json.result.content[0].text).toBe("mcp__calls__slow was cancelled before server calls answered (cancelled by the user (SIGINT)).");
    expect(sent("notifications/cancelled").map((m) => m.params)).toEqual([{ requestId: request.id, reason: "cancelled by the user (SIGINT)" }]);
    await expect.poll(leftovers, { timeout: 10_000 }).toEqual([]);
  });
});
