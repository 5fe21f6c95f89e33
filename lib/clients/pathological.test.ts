/** Pathological schemas through every view: deep nesting and $ref cycles end in values, never a stack overflow. */
import { expect, test } from "vitest";
import { reconcile } from "../reconcile/reconcile";
import type { ServerToolList } from "../reconcile/types";
import { canonicalJson } from "../schema/canonical-json";
import { clientView, CLIENT_CHOICES, type ClientChoice } from "./index";

function nested(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: "string" };
  for (let i = 0; i < levels; i++) schema = { type: "object", properties: { a: schema } };
  return schema;
}

const CYCLES = {
  type: "object",
  $defs: { A: { $ref: "#/$defs/B" }, B: { $ref: "#/$defs/A" }, Self: { type: "object", properties: { next: { $ref: "#/$defs/Self" } } } },
  properties: { list: { $ref: "#/$defs/Self" }, loop: { $ref: "#/$defs/A" } },
  anyOf: [{ $ref: "#/$defs/A" }, { $ref: "#/$defs/Self" }, { $ref: "#" }],
};

const FLEET: ServerToolList[] = [
  {
    id: "deep",
    status: "ready",
    tools: [
      { name: "two_hundred", inputSchema: nested(200) },
      { name: "five_thousand", inputSchema: nested(5_000) },
      { name: "cycles", inputSchema: CYCLES },
      { name: "ok", inputSchema: { type: "object" } },
    ],
  },
];

test("canonical JSON of a 20,000-level value", () => {
  const perLevel = canonicalJson(nested(1)).length - canonicalJson(nested(0)).length;
  const text = canonicalJson(nested(20_000));
  expect(text).toHaveLength(20_000 * perLevel + canonicalJson(nested(0)).length);
  expect(text.startsWith('{"properties":{"a":{"properties":')).toBe(true);
});

test.each(Object.keys(CLIENT_CHOICES) as ClientChoice[])("%s: every tool gets a verdict; 200 levels and $ref cycles are sent", (choice) => {
  const view = clientView(choice, FLEET);
  expect(view.tools.map((t) => t.originalName)).toEqual(["two_hundred", "five_thousand", "cycles", "ok"]);
  const byName = Object.fromEntries(view.tools.map((t) => [t.originalName, t]));
  expect(byName.two_hundred.status).toBe("sent");
  // Claude Code before 2.1.195 skips every root combinator, cycles or not.
  expect(byName.cycles.status).toBe(choice === "claude-code@2.1.194" ? "dropped" : "sent");
  expect(byName.ok.status).toBe("sent");
  const deep = byName.five_thousand;
  if (choice.startsWith("claude-code")) expect(deep.notes.map((n) => n.code)).toContain("schema:too-deep");
  if (choice === "codex") expect(deep.reasons[0].message).toContain("nests more than 512 levels deep");
});

test("the reconciler reports the 5,000-level schema instead of checking it", () => {
  const tool = reconcile(FLEET).tools.find((t) => t.originalName === "five_thousand");
  expect(tool?.checks.find((c) => c.check === "metaschema")?.status).toBe("warn");
  expect(tool?.warnings.map((w) => w.code)).toContain("schema:too-deep");
});
