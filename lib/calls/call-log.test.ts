import { expect, test } from "vitest";
import { CallLog } from "./call-log";
import type { CallRecord, CallStatus } from "./types";

const rec = (id: string, toolName: string | null, status: CallStatus = "ok") => ({ id, serverId: toolName ? "s" : null, toolName, status }) as CallRecord;
const ids = (records: CallRecord[]) => records.map((r) => r.id);

test("newest first, per tool or all", () => {
  const log = new CallLog();
  log.put(rec("1", "a"));
  log.put(rec("2", "b"));
  log.put(rec("3", "a"));
  expect(ids(log.list())).toEqual(["3", "2", "1"]);
  expect(ids(log.list({ serverId: "s", toolName: "a" }))).toEqual(["3", "1"]);
  expect(ids(log.list({ serverId: "other", toolName: "a" }))).toEqual([]);
});

test("a running call that ends is replaced in place", () => {
  const log = new CallLog();
  log.put(rec("1", "a", "running"));
  log.put(rec("2", "a"));
  log.put({ ...rec("1", "a"), summary: "answered" });
  expect(log.list().map((r) => [r.id, r.status])).toEqual([["2", "ok"], ["1", "ok"]]);
  expect(log.get("1")?.summary).toBe("answered");
});

test.each([
  ["per tool: the oldest of a tool go first", 3, 100, ["a", "a", "a", "a", "b"], ["5", "4", "3", "2"]],
  ["in all: the oldest go first", 100, 3, ["a", "b", "c", "d"], ["4", "3", "2"]],
  ["calls that did not resolve count as one tool", 2, 100, [null, null, null], ["3", "2"]],
])("bounded %s", (_name, perTool, total, tools, kept) => {
  const log = new CallLog(perTool, total);
  tools.forEach((tool, i) => log.put(rec(String(i + 1), tool)));
  expect(ids(log.list())).toEqual(kept);
});

test("a running call is never dropped to make room", () => {
  const log = new CallLog(1, 2);
  log.put(rec("1", "a", "running"));
  log.put(rec("2", "a"));
  log.put(rec("3", "a"));
  expect(ids(log.list())).toEqual(["3", "1"]);
});
