/**
 * Claude Code's deferred mode as captured (docs/clients.md "Deferred mode"): the entries and wording kept in
 * claude-code-deferred.ts equal the deferred captures, the names the view would announce are the names the
 * real client announced, and ENABLE_TOOL_SEARCH is read as Claude Code 2.1.328 reads it.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { loadFleet } from "./__fixtures__/load-fleet";
import { claudeCodeView } from "./claude-code";
import { DEFERRED_ENTRIES, DEFERRED_HEADING, deferredAnnouncement, isAlwaysLoad, toolLoadingOf } from "./claude-code-deferred";
import type { ServerToolList } from "../reconcile/types";

interface DeferredCapture {
  mcpNamesInText: string[];
  deferredWording: string[];
  deferredEntries: unknown[];
  mcpTools: { name: string }[];
}

const capture = (fleet: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`./__captures__/claude-code@2.1.328/${fleet}.deferred.json`, import.meta.url)), "utf8")) as DeferredCapture;

function toolLists(name: string): { lists: ServerToolList[]; raw: Map<string, unknown> } {
  const fleet = loadFleet(name);
  const lists = fleet.servers.map((s) => ({ id: s.id, status: s.fault ? ("error" as const) : ("ready" as const), tools: s.fault ? [] : s.tools }));
  const raw = new Map(fleet.servers.flatMap((s) => s.tools.map((t) => [`${s.id}:${(t as { name: string }).name}`, t] as const)));
  return { lists, raw };
}

describe.each(["demo", "always-load"])("%s.deferred", (fleet) => {
  const captured = capture(fleet);
  const { lists, raw } = toolLists(fleet);
  const view = claudeCodeView(lists);
  const sent = view.tools.filter((v) => v.sent);
  const alwaysLoad = sent.filter((v) => isAlwaysLoad(raw.get(`${v.serverId}:${v.originalName}`)));

  test("ToolSearch and the placeholder are the entries Claude Code sent", () => {
    expect(JSON.stringify(DEFERRED_ENTRIES)).toBe(JSON.stringify(captured.deferredEntries.filter((e) => /^(ToolSearch|DeferredToolPlaceholder)$/.test((e as { name: string }).name))));
  });

  test("the heading is the sentence Claude Code put before the names", () => {
    expect(captured.deferredWording[0]).toBe(DEFERRED_HEADING);
  });

  test("the names announced are every tool sent, less the always-load ones", () => {
    const announced = sent.filter((v) => !alwaysLoad.includes(v)).map((v) => v.sent!.name);
    expect([...announced].sort()).toEqual([...captured.mcpNamesInText].sort());
  });

  test("the always-load tools are the MCP tools sent in full", () => {
    expect(alwaysLoad.map((v) => v.sent!.name)).toEqual(captured.mcpTools.map((t) => t.name));
  });
});

test("the announcement is the heading, then one name per line", () => {
  expect(deferredAnnouncement(["mcp__a__x", "mcp__b__y"])).toBe(`${DEFERRED_HEADING}\nmcp__a__x\nmcp__b__y`);
});

test.each([
  [{ _meta: { "anthropic/alwaysLoad": true } }, true],
  [{ _meta: { "anthropic/alwaysLoad": false } }, false],
  [{ _meta: { "anthropic/alwaysLoad": "true" } }, false],
  [{ _meta: null }, false],
  [{}, false],
  [null, false],
])("isAlwaysLoad(%j) is %s", (raw, want) => {
  expect(isAlwaysLoad(raw)).toBe(want);
});

test.each([
  [null, "deferred", undefined],
  ["false", "eager", undefined],
  ["0", "eager", undefined],
  [" Off ", "eager", undefined],
  ["no", "eager", undefined],
  ["true", "deferred", undefined],
  ["1", "deferred", undefined],
  ["YES", "deferred", undefined],
  ["maybe", "deferred", undefined],
  ["", "deferred", undefined],
  ["auto", "auto", 10],
  ["auto:5", "auto", 5],
  ["auto:2.5", "auto", 2.5],
  ["auto:0", "deferred", undefined],
  ["auto:100", "eager", undefined],
  ["auto:250", "eager", undefined],
  ["auto:-3", "deferred", undefined],
  ["auto:abc", "auto", 10],
  ["auto:", "auto", 10],
  ["AUTO", "deferred", undefined],
])("ENABLE_TOOL_SEARCH=%j: %s", (value, mode, percent) => {
  const loading = toolLoadingOf(value === null ? null : { value, source: "environment" });
  expect(loading.mode).toBe(mode);
  if (loading.mode === "auto") expect(loading.percent).toBe(percent);
  if (value !== null) expect(loading.reason).toContain(`ENABLE_TOOL_SEARCH=${value} (environment)`);
});
