/**
 * analyseFleet is the one call the dashboard and the CLI make: for every fixture fleet its snapshot is
 * the reconciler's and each of its views is the one that client's own function makes from the same
 * lists and settings, byte for byte.
 */
import { describe, expect, test } from "vitest";
import { reconcile } from "../reconcile/reconcile";
import type { ServerToolList } from "../reconcile/types";
import { FLEET_NAMES, loadFleet } from "./__fixtures__/load-fleet";
import { CLIENT_CHOICE_LIST, type ClientSettings } from "./choices";
import { clientView } from "./client-view";
import { analyseFleet } from "./fleet-analysis";

function inputs(name: string): { lists: ServerToolList[]; settings: ClientSettings } {
  const fleet = loadFleet(name);
  const lists: ServerToolList[] = fleet.servers.map((s) => ({ id: s.id, label: s.label, status: s.fault ? "error" : "ready", tools: s.fault ? [] : s.tools }));
  const settings: ClientSettings = {
    claudeCode: { deny: (fleet.claudeCode.permissions.deny ?? []).map((rule) => ({ rule, file: "~/.claude/settings.json" })) },
    codex: { servers: Object.fromEntries(fleet.servers.map((s) => [s.id, { enabled: s.codex.enabled, enabledTools: s.codex.enabled_tools, disabledTools: s.codex.disabled_tools }])) },
  };
  return { lists, settings };
}

describe("analyseFleet", () => {
  test.each(FLEET_NAMES)("%s: the snapshot and every client's view, as each is made alone", (name) => {
    const { lists, settings } = inputs(name);
    const analysis = analyseFleet(lists, settings);
    expect(JSON.stringify(analysis.snapshot)).toBe(JSON.stringify(reconcile(lists)));
    expect(Object.keys(analysis.views)).toEqual(CLIENT_CHOICE_LIST);
    for (const choice of CLIENT_CHOICE_LIST) {
      expect(JSON.stringify(analysis.views[choice]), choice).toBe(JSON.stringify(clientView(choice, lists, settings)));
    }
  });

  test("the servers' order does not change the result", () => {
    const { lists, settings } = inputs("demo");
    expect(JSON.stringify(analyseFleet([...lists].reverse(), settings))).toBe(JSON.stringify(analyseFleet(lists, settings)));
  });
});
