import { afterEach, expect, test } from "vitest";
import { canonicalJson } from "@/lib/schema/canonical-json";
import { portableSha256Hex, sha256Hex, useSha256 } from "@/lib/schema/hash";
import { reconcile } from "@/lib/reconcile";
import { clientView, CLIENT_CHOICES, type ClientChoice } from "@/lib/clients";
import { installNativeSha256, nativeSha256Hex } from "./native-sha256";

afterEach(() => useSha256(portableSha256Hex));

// Every class of UTF-16 input the hashes meet: ASCII, 2-, 3- and 4-byte UTF-8, lone surrogates (which
// both encode as U+FFFD), NUL, and texts around SHA-256's 55/56/64-byte block edges.
test.each([
  ["empty", ""],
  ["ascii", "abc"],
  ["latin-1", "é café"],
  ["cjk", "ツールの説明"],
  ["emoji (a surrogate pair)", "🙂 tool"],
  ["a lone high surrogate", "a\ud800b"],
  ["a lone low surrogate at the end", "x\udc00"],
  ["NUL and controls", "\u0000\u0001\n\t"],
  ["zero-width and bidi", "zero\u200bwidth\u202e"],
  ["55 bytes", "x".repeat(55)],
  ["56 bytes", "x".repeat(56)],
  ["64 bytes", "x".repeat(64)],
  ["a long non-ASCII text", "é🙂ツ".repeat(10_000)],
  ["canonical JSON", canonicalJson({ type: "object", properties: { "日付": { type: "string", description: "naïve 🙂" } } })],
])("native and portable SHA-256 agree: %s", (_label, text) => {
  expect(nativeSha256Hex(text)).toBe(portableSha256Hex(text));
});

test("installNativeSha256 makes sha256Hex native, with the same hashes", () => {
  const text = "mcp__github__create_issue é🙂";
  const before = sha256Hex(text);
  let calls = 0;
  useSha256((t) => {
    calls++;
    return nativeSha256Hex(t);
  });
  expect(sha256Hex(text)).toBe(before);
  expect(calls).toBe(1);
  installNativeSha256();
  expect(sha256Hex(text)).toBe(before);
});

test("a snapshot and every client view come out byte for byte the same with either hash", () => {
  const servers = [
    { id: "a", status: "ready" as const, tools: [{ name: "search", description: "Sucht 🙂", inputSchema: { type: "object", properties: { q: { type: "string" } } } }, { name: "x".repeat(80), inputSchema: { type: "object" } }] },
    { id: "b", status: "ready" as const, tools: [{ name: "search", description: "検索", inputSchema: { type: "object", anyOf: [{ required: ["q"] }, { properties: { id: { type: "string" } } }] } }] },
  ];
  const run = () => JSON.stringify([reconcile(servers), ...Object.keys(CLIENT_CHOICES).map((c) => clientView(c as ClientChoice, servers))]);
  const portable = run();
  installNativeSha256();
  expect(run()).toBe(portable);
});
