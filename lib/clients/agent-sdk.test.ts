import { describe, expect, test } from "vitest";
import { reconcile } from "../reconcile/reconcile";
import type { ServerToolList } from "../reconcile/types";
import { agentSdkView } from "./agent-sdk";
import { clientView, CLIENT_CHOICES } from "./index";
import { verdictByCallName, verdictOf } from "./view";

const object = (properties: Record<string, unknown> = {}) => ({ type: "object", properties });
const server = (id: string, tools: unknown[], extra: Partial<ServerToolList> = {}): ServerToolList => ({ id, status: "ready", tools, ...extra });

const FLEET: ServerToolList[] = [
  server("github", [{ name: "create_issue", description: "Create.", inputSchema: object({ repo: { type: "string" } }) }, { name: "search.code", inputSchema: object() }], { label: "GitHub" }),
  server("linear", [{ name: "create_issue", description: "Create.", inputSchema: object({ team: { type: "string" } }) }, { name: "bad", inputSchema: { type: "array" } }]),
];

describe("the agent-sdk view is the FleetSnapshot's forward map, in the Claude API format", () => {
  test("wire: exposed names, tags, ordered by exposed name; the same fleet hash as the snapshot", () => {
    const snapshot = reconcile(FLEET);
    const view = agentSdkView(FLEET, snapshot);
    expect(view.wire.map((t) => t.name)).toEqual(Object.keys(snapshot.forward));
    expect(view.wire[0]).toEqual({ name: "github__create_issue", description: "[GitHub] Create.", input_schema: object({ repo: { type: "string" } }) });
    expect(view.fleetHash).toBe(snapshot.fleetHash);
    for (const [name, entry] of Object.entries(snapshot.forward)) expect(verdictByCallName(view, name)).toMatchObject(entry);
  });

  test("an excluded tool is dropped with the reconciler's reasons; its place in its list is kept", () => {
    const view = agentSdkView(FLEET);
    expect(verdictOf(view, "linear", "bad")).toMatchObject({ status: "dropped", position: 2, reasons: [expect.objectContaining({ code: "spec:root-not-object", source: "README.md#the-reconciliation-rules" })] });
    expect(verdictOf(view, "github", "search.code")?.notes.map((n) => n.code)).toEqual(["name:invalid-chars"]);
  });

  test("a name listed twice by one server: each verdict keeps its own place, and the one sent is the one the reconciler kept", () => {
    const servers = [server("s", [{ name: "t", description: "first", inputSchema: object() }, { name: "t", description: "second", inputSchema: object({ a: {} }) }])];
    const kept = reconcile(servers).tools.find((t) => t.exposedName !== null)!;
    const view = agentSdkView(servers);
    expect(view.tools.map((t) => t.position)).toEqual([1, 2]);
    const sent = view.tools.find((t) => t.status === "sent")!;
    expect(sent.sent?.description).toBe(kept.description);
    expect((servers[0].tools[sent.position - 1] as { description: string }).description).toBe(kept.description);
  });
});

test.each(Object.keys(CLIENT_CHOICES) as (keyof typeof CLIENT_CHOICES)[])("clientView(%s) names the client and version it models", (choice) => {
  const view = clientView(choice, FLEET);
  expect(view.client).toEqual(CLIENT_CHOICES[choice]);
  expect(view.tools).toHaveLength(4);
});
