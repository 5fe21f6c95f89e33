/**
 * Table state <-> URL search params (filters and selection live in the URL, so a view can
 * be shared). Pure: `q` search, `sort=col` / `sort=-col`, one param per faceted filter
 * (comma-separated values), `hide` hidden columns, `open` expanded rows, `sel` the selected row.
 */

/** The part of a table's state a URL can hold; the data table (components/data-table) uses this shape. */
export interface DataTableState {
  sorting: { id: string; desc: boolean }[];
  columnFilters: { id: string; value: unknown }[];
  globalFilter: string;
  columnVisibility: Record<string, boolean>;
  rowSelection: Record<string, true>;
  expanded: Record<string, boolean>;
}

export const EMPTY_TABLE_STATE: DataTableState = {
  sorting: [],
  columnFilters: [],
  globalFilter: "",
  columnVisibility: {},
  rowSelection: {},
  expanded: {},
};

export interface TableUrlSpec {
  /** URL param name -> column id of a multi-value filter, e.g. `{ server: "serverId", flag: "flags" }`. */
  filters?: Record<string, string>;
  /** Prefix for every param, when two tables share a page. */
  prefix?: string;
}

type ParamsLike = Pick<URLSearchParams, "get">;

export function parseList(value: string | null | undefined): string[] {
  if (!value) return [];
  return [...new Set(value.split(",").map((v) => v.trim()).filter(Boolean))];
}

export function parseTableState(params: ParamsLike, spec: TableUrlSpec = {}): Partial<DataTableState> {
  const p = (name: string) => params.get(`${spec.prefix ?? ""}${name}`);
  const state: Partial<DataTableState> = {};
  const q = p("q");
  if (q) state.globalFilter = q;
  const sort = p("sort");
  if (sort) {
    const desc = sort.startsWith("-");
    const id = desc ? sort.slice(1) : sort;
    if (id) state.sorting = [{ id, desc }];
  }
  const columnFilters = Object.entries(spec.filters ?? {})
    .map(([param, id]) => ({ id, value: parseList(p(param)).sort() }))
    .filter((f) => f.value.length > 0);
  if (columnFilters.length) state.columnFilters = columnFilters;
  const hidden = parseList(p("hide"));
  if (hidden.length) state.columnVisibility = Object.fromEntries(hidden.map((id) => [id, false]));
  const open = parseList(p("open"));
  if (open.length) state.expanded = Object.fromEntries(open.map((id) => [id, true]));
  const selected = p("sel");
  if (selected) state.rowSelection = { [selected]: true };
  return state;
}

/** Writes the table's state into a copy of `base`, leaving params it does not own (e.g. `view`) alone. */
export function tableStateToParams(state: DataTableState, spec: TableUrlSpec = {}, base: ParamsLike & { toString(): string } = new URLSearchParams()): URLSearchParams {
  const out = new URLSearchParams(base.toString());
  const name = (n: string) => `${spec.prefix ?? ""}${n}`;
  const put = (n: string, value: string) => (value ? out.set(name(n), value) : out.delete(name(n)));
  put("q", state.globalFilter ?? "");
  const sort = state.sorting[0];
  put("sort", sort ? `${sort.desc ? "-" : ""}${sort.id}` : "");
  for (const [param, id] of Object.entries(spec.filters ?? {})) {
    const filter = state.columnFilters.find((f) => f.id === id);
    const values = Array.isArray(filter?.value) ? (filter.value as unknown[]).map(String) : [];
    put(param, [...values].sort().join(","));
  }
  put("hide", Object.entries(state.columnVisibility).filter(([, visible]) => visible === false).map(([id]) => id).sort().join(","));
  put("open", Object.entries(state.expanded).filter(([, open]) => open).map(([id]) => id).sort().join(","));
  put("sel", Object.entries(state.rowSelection).find(([, on]) => on)?.[0] ?? "");
  return out;
}
