import { describe, expect, test } from "vitest";
import { EMPTY_TABLE_STATE, type DataTableState, parseList, parseTableState, tableStateToParams } from "./url-state";

const spec = { filters: { server: "serverId", flag: "flags" } };

describe("parseList", () => {
  test.each([
    [null, []],
    ["", []],
    ["a", ["a"]],
    ["a,b", ["a", "b"]],
    [" a , ,b,a", ["a", "b"]],
  ])("%j -> %j", (input, expected) => {
    expect(parseList(input)).toEqual(expected);
  });
});

describe("parseTableState", () => {
  test.each([
    ["", {}],
    ["q=issue", { globalFilter: "issue" }],
    ["sort=serverId", { sorting: [{ id: "serverId", desc: false }] }],
    ["sort=-exposedName", { sorting: [{ id: "exposedName", desc: true }] }],
    ["sort=-", {}],
    ["server=wiki,tracker", { columnFilters: [{ id: "serverId", value: ["tracker", "wiki"] }] }],
    ["flag=excluded&server=", { columnFilters: [{ id: "flags", value: ["excluded"] }] }],
    ["unknown=1", {}],
    ["hide=hash,claudeCodeName", { columnVisibility: { hash: false, claudeCodeName: false } }],
    ["open=search", { expanded: { search: true } }],
    ["sel=tracker%3Asearch", { rowSelection: { "tracker:search": true } }],
  ])("%s", (query, expected) => {
    expect(parseTableState(new URLSearchParams(query), spec)).toEqual(expected);
  });

  test("a prefix scopes every param", () => {
    expect(parseTableState(new URLSearchParams("r.q=x&q=y"), { prefix: "r." })).toEqual({ globalFilter: "x" });
  });
});

describe("tableStateToParams", () => {
  test("round-trips through parseTableState and keeps foreign params", () => {
    const state: DataTableState = {
      ...EMPTY_TABLE_STATE,
      globalFilter: "create",
      sorting: [{ id: "serverId", desc: true }],
      columnFilters: [
        { id: "flags", value: ["renamed", "collided"] },
        { id: "serverId", value: ["wiki"] },
      ],
      columnVisibility: { hash: false, original: true },
      expanded: { a: true, b: false },
      rowSelection: { "wiki:search": true },
    };
    const params = tableStateToParams(state, spec, new URLSearchParams("view=reverse"));
    expect(params.toString()).toMatchInlineSnapshot(
      `"view=reverse&q=create&sort=-serverId&server=wiki&flag=collided%2Crenamed&hide=hash&open=a&sel=wiki%3Asearch"`,
    );
    expect(parseTableState(params, spec)).toEqual({
      globalFilter: "create",
      sorting: [{ id: "serverId", desc: true }],
      columnFilters: [
        { id: "serverId", value: ["wiki"] },
        { id: "flags", value: ["collided", "renamed"] },
      ],
      columnVisibility: { hash: false },
      expanded: { a: true },
      rowSelection: { "wiki:search": true },
    });
  });

  test("an empty state removes the params it owns", () => {
    expect(tableStateToParams(EMPTY_TABLE_STATE, spec, new URLSearchParams("q=x&server=a&view=reverse")).toString()).toBe("view=reverse");
  });
});
