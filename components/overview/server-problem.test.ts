import { expect, test } from "vitest";
import type { ServerDetails } from "@/lib/fleet/types";
import { serverProblem } from "./server-problem";

type Input = Pick<ServerDetails, "status" | "error" | "lastError" | "retry">;

test.each<[string, Input, ReturnType<typeof serverProblem>]>([
  ["ready", { status: "ready" }, null],
  ["disabled", { status: "disabled" }, null],
  ["connecting the first time", { status: "connecting" }, null],
  ["failing", { status: "error", error: "exited with code 3 before answering initialize" }, { kind: "error", message: "exited with code 3 before answering initialize", text: "exited with code 3 before answering initialize" }],
  ["failing, on several lines", { status: "error", error: "timed out\n  waiting for initialize" }, { kind: "error", message: "timed out waiting for initialize", text: "timed out waiting for initialize" }],
  [
    "failing, a retry scheduled",
    { status: "error", error: "exited with code 1", retry: { attempt: 2, maxAttempts: 5, nextAt: "2026-11-30T10:00:02.000Z", delayMs: 2000 } },
    { kind: "error", message: "exited with code 1", state: "retry 2 of 5 soon", text: "exited with code 1 · retry 2 of 5 soon" },
  ],
  [
    "failing, retries given up",
    { status: "error", error: "exited with code 1", retry: { attempt: 5, maxAttempts: 5, gaveUp: true } },
    { kind: "error", message: "exited with code 1", state: "gave up after 5 attempts: Reconnect to try again", text: "exited with code 1 · gave up after 5 attempts: Reconnect to try again" },
  ],
  [
    "one retry, given up",
    { status: "error", error: "exited with code 1", retry: { attempt: 1, maxAttempts: 1, gaveUp: true } },
    { kind: "error", message: "exited with code 1", state: "gave up after 1 attempt: Reconnect to try again", text: "exited with code 1 · gave up after 1 attempt: Reconnect to try again" },
  ],
  [
    "retrying",
    { status: "connecting", lastError: "exited with code 1; stderr: boom", retry: { attempt: 1, maxAttempts: 5 } },
    { kind: "last-error", message: "exited with code 1; stderr: boom", state: "retry 1 of 5", text: "retry 1 of 5 · last error: exited with code 1; stderr: boom" },
  ],
  ["reconnected by hand", { status: "connecting", lastError: "timed out after 1000 ms" }, { kind: "last-error", message: "timed out after 1000 ms", state: "connecting again", text: "connecting again · last error: timed out after 1000 ms" }],
  ["an error with no words", { status: "error" }, null],
])("%s", (_name, server, expected) => {
  expect(serverProblem(server)).toEqual(expected);
});
