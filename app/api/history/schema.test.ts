import { describe, expect, test } from "vitest";

import { parseDiffQuery } from "./tools/[server]/[tool]/diff/schema";
import { parseEventQuery } from "./schema";

const url = (query: string) => new URL(`http://127.0.0.1/api/history${query}`);

describe("parseEventQuery", () => {
  test.each([
    ["", {}],
    ["?kind=added,removed&kind=renamed", { kinds: ["added", "removed", "renamed"] }],
    ["?server=github&since=2026-11-23", { serverId: "github", since: "2026-11-23T00:00:00.000Z" }],
    ["?server=&kind=", {}],
    ["?limit=10", { limit: 10 }],
  ])("%s", (query, expected) => {
    expect(parseEventQuery(url(query))).toEqual(expected);
  });

  test.each([
    ["?kind=exploded", /kind/],
    ["?since=yesterday", /ISO date/],
    ["?limit=0", /limit/],
  ])("%s is refused", (query, message) => {
    expect(() => parseEventQuery(url(query))).toThrow(message);
  });
});

describe("parseDiffQuery", () => {
  test.each([
    ["", {}],
    ["?from=3", { from: 3 }],
    ["?from=3&to=7", { from: 3, to: 7 }],
  ])("%s", (query, expected) => {
    expect(parseDiffQuery(url(query))).toEqual(expected);
  });

  test.each(["?from=0", "?to=x", "?from=1.5"])("%s is refused", (query) => {
    expect(() => parseDiffQuery(url(query))).toThrow();
  });
});
