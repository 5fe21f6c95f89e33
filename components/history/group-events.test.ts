import { expect, test } from "vitest";
import type { DriftEvent } from "@/lib/history/types";
import { groupEvents } from "./group-events";

const e = (id: number, time: string, serverId: string): DriftEvent => ({
  id,
  time,
  serverId,
  toolName: `t${id}`,
  kind: "added",
  details: {},
  observationId: id,
  reviewedAt: null,
});

test("groups by day (newest first), then server (by id), events newest first", () => {
  const groups = groupEvents([
    e(1, "2026-11-28T10:00:00.000Z", "b"),
    e(2, "2026-11-28T11:00:00.000Z", "a"),
    e(3, "2026-11-29T09:00:00.000Z", "b"),
    e(4, "2026-11-28T12:00:00.000Z", "b"),
  ]);
  expect(groups.map((g) => [g.day, g.servers.map((s) => [s.serverId, s.events.map((x) => x.id)])])).toEqual([
    ["2026-11-29", [["b", [3]]]],
    ["2026-11-28", [["a", [2]], ["b", [4, 1]]]],
  ]);
});
