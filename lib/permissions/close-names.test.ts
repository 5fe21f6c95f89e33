import { expect, test } from "vitest";
import { closeNames, editDistance } from "./close-names";

const tools = ["read_file", "read_multiple_files", "write_file", "list_directory", "search_files"];

test.each([
  ["kitten", "sitting", 3],
  ["", "abc", 3],
  ["same", "same", 0],
])("editDistance(%s, %s) = %i", (a, b, d) => {
  expect(editDistance(a, b)).toBe(d);
});

test.each<[string, string[]]>([
  ["raed_file", ["read_file"]],
  ["read", ["read_file", "read_multiple_files"]],
  ["wirte_file", ["write_file"]],
  ["zzz", []],
])("closeNames(%s)", (wanted, expected) => {
  expect(closeNames(wanted, tools)).toEqual(expected);
});
