// The event stream one client reads: the current state first, then bus events, cleaned up when the
// client goes or stops reading.
import { expect, test } from "vitest";

import { publishEvent, subscriberCount } from "./event-bus";
import { eventStream, formatSse } from "./event-stream";

test.each([
  ["fleet", { a: 1 }, 'event: fleet\ndata: {"a":1}\n\n'],
  ["history", { note: "line\nbreak" }, 'event: history\ndata: {"note":"line\\nbreak"}\n\n'],
  ["two\nlines", null, "event: twolines\ndata: null\n\n"],
  ["empty", undefined, "event: empty\ndata: null\n\n"],
])("formatSse(%j, %j)", (type, data, text) => {
  expect(formatSse(type, data)).toBe(text);
});

test("sends the current state first, then bus events, and unsubscribes when the client goes", async () => {
  const before = subscriberCount();
  const client = new AbortController();
  const stream = eventStream(client.signal, () => ({ servers: ["basic"] }));
  expect(subscriberCount()).toBe(before + 1);

  const reader = new Response(stream).body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!text.includes("event: fleet\n")) text += (await reader.read()).value ?? "";
  publishEvent("history", { note: "line\nbreak" });
  while (!text.includes("event: history\n")) text += (await reader.read()).value ?? "";

  const blocks = text.split("\n\n").filter((block) => block.startsWith("event: "));
  expect(blocks).toEqual(['event: fleet\ndata: {"servers":["basic"]}', 'event: history\ndata: {"note":"line\\nbreak"}']);
  expect(text.startsWith("retry: 2000\n\n")).toBe(true);

  client.abort();
  await expect.poll(() => subscriberCount()).toBe(before);
});

test("a client that stops reading is dropped before its queue holds more than a bounded amount", async () => {
  const before = subscriberCount();
  const stream = eventStream(new AbortController().signal, () => ({}));
  expect(subscriberCount()).toBe(before + 1);
  const big = "x".repeat(1024 * 1024);
  // Nobody reads the stream: without a bound every one of these would stay queued.
  for (let i = 0; i < 40 && subscriberCount() > before; i++) publishEvent("history", { big });
  expect(subscriberCount()).toBe(before);
  await expect(stream.getReader().read()).rejects.toThrow(/stopped reading/);
});
