// What count_tokens is asked for a Claude view: the wire tools, and Claude Code's deferred announcement
// naming every tool but the always-loaded ones, in wire order.
import { expect, test } from "vitest";
import { agentSdkView, claudeCodeView, clientView, DEFERRED_HEADING } from "@/lib/clients";
import { reconcile } from "@/lib/reconcile";
import type { ServerToolList } from "@/lib/reconcile/types";
import { claudeCountRequest } from "./count-request";

const tool = (name: string, extra: Record<string, unknown> = {}) => ({ name, description: `${name}.`, inputSchema: { type: "object", properties: {} }, ...extra });
const FLEET: ServerToolList[] = [
  { id: "web", status: "ready", tools: [tool("fetch"), tool("search")] },
  { id: "linear", status: "ready", tools: [tool("create_issue"), tool("big", { _meta: { "anthropic/alwaysLoad": true } })] },
  { id: "down", status: "error", error: "exited with code 1", tools: [] },
];

test("Claude Code: the wire tools, and an announcement of every tool it would defer, in wire order", () => {
  const view = claudeCodeView(FLEET);
  const request = claudeCountRequest(view, FLEET);
  expect(request.tools).toBe(view.wire);
  expect(request.announcement).toBe([DEFERRED_HEADING, "mcp__linear__create_issue", "mcp__web__fetch", "mcp__web__search"].join("\n"));
});

test("Claude Code with every tool always loaded: nothing to announce", () => {
  const fleet: ServerToolList[] = [{ id: "web", status: "ready", tools: [tool("fetch", { _meta: { "anthropic/alwaysLoad": true } })] }];
  expect(claudeCountRequest(clientView("claude-code", fleet), fleet).announcement).toBeNull();
});

test("the Agent SDK host loads every tool: no announcement", () => {
  const view = agentSdkView(FLEET, reconcile(FLEET));
  const request = claudeCountRequest(view, FLEET);
  expect(request.tools).toBe(view.wire);
  expect(request.tools.length).toBe(4);
  expect(request.announcement).toBeNull();
});
