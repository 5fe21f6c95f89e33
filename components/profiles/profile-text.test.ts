import { expect, test } from "vitest";
import { problemPlace, savingsText } from "./profile-text";

test.each([
  [208, 328, "saves 120 tokens up front (36.6%)"],
  [0, 328, "saves 328 tokens up front (100.0%)"],
  [328, 328, "as much as all servers"],
  [1500, 1200, "300 tokens more than all servers (25.0%)"],
  [0, 0, "as much as all servers"],
  [10_000, 12_345, "saves 2,345 tokens up front (19.0%)"],
])("a cost of %s against %s %s", (cost, whole, text) => {
  expect(savingsText(cost, whole)).toBe(text);
});

test.each([
  [{ line: 5, column: 49 }, "/p/mcp-fleet.json:5:49"],
  [{ line: 1 }, "/p/mcp-fleet.json:1:1"],
  [{}, "/p/mcp-fleet.json"],
])("problemPlace(%j) is %s", (problem, place) => {
  expect(problemPlace("/p/mcp-fleet.json", problem)).toBe(place);
});
