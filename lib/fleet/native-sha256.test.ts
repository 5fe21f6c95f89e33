import { afterEach, expect, test } from "vitest";
import { canonicalJson } from "@/lib/schema/canonical-json";
import { portableSha256Hex, portableSha256Stream, sha256Hex, useSha256 } from "@/lib/schema/hash";
import { fleetHashOf } from "@/lib/reconcile/fleet-hash";
import { reconcile } from "@/lib/reconcile";
import { clientView, CLIENT_CHOICES, type ClientChoice } from "@/lib/clients";
import { installNativeSha256, nativeSha256Hex, nativeSha256Stream } from "./native-sha256";

afterEach(() => useSha256(portableSha256Hex));

// Every class of UTF-16 input the hashes meet: ASCII, 2-, 3- and 4-byte UTF-8, lone surrogates (which
// both encode as U+FFFD), NUL, and texts around SHA-256's 55/56/64-byte block edges.
const TEXTS: [string, string][] = [
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
];
test.each(TEXTS)("native and portable SHA-256 agree: %s", (_label, text) => {
  expect(nativeSha256Hex(text)).toBe(portableSha256Hex(text));
});

test.each(TEXTS)("native and portable streams, fed in pieces, give the text's hash: %s", (_label, text) => {
  // Pieces of 7 code points, as a caller cuts them: never inside a surrogate pair.
  const points = Array.from(text);
  for (const stream of [nativeSha256Stream(), portableSha256Stream()]) {
    for (let i = 0; i < points.length; i += 7) stream.update(points.slice(i, i + 7).join(""));
    expect(stream.digestHex()).toBe(portableSha256Hex(text));
  }
});

// The fleet hash is SHA-256 of the JSON array of tool hashes, however many pieces it is written in.
test.each([0, 1, 2, 1023, 1024, 1025, 2048, 5000])("the fleet hash of %i tool hashes is the hash of their JSON array, with every implementation", (n) => {
  const hashes = Array.from({ length: n }, (_, i) => portableSha256Hex(String(i)));
  const expected = portableSha256Hex(JSON.stringify(hashes));
  expect(fleetHashOf(hashes)).toBe(expected);
  installNativeSha256();
  expect(fleetHashOf(hashes)).toBe(expected);
  // A one-shot hash handed in without a stream: the pieces are joined for it.
  useSha256((text) => nativeSha256Hex(text));
  expect(fleetHashOf(hashes)).toBe(expected);
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
