import { expect, test } from "vitest";
import { CLIENT_CHOICES } from "@/lib/clients";
import { COST_CLIENT_OPTIONS, costClientOf, costHref } from "./cost-client";

test.each([
  ["", "claude-code"],
  ["?client=codex", "codex"],
  ["?client=agent-sdk", "agent-sdk"],
  ["?client=claude-code", "claude-code"],
  ["?client=cursor", "claude-code"],
  ["?client=claude-code%402.1.194", "claude-code"],
])("costClientOf(%s) is %s", (query, client) => {
  expect(costClientOf(new URLSearchParams(query))).toBe(client);
});

test.each([
  ["claude-code", null, "/cost"],
  ["codex", null, "/cost?client=codex"],
  ["agent-sdk", "review", "/cost?client=agent-sdk&profile=review"],
  ["claude-code", "docs", "/cost?profile=docs"],
] as const)("costHref(%s, %s) is %s", (client, profile, href) => {
  expect(costHref(client, profile)).toBe(href);
});

test("each option is a client choice of lib/clients, titled with the version it models", () => {
  for (const option of COST_CLIENT_OPTIONS) expect(option.title).toBe(CLIENT_CHOICES[option.value].label);
});
