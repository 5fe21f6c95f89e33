"use client";
/**
 * Builds a TanStack Table v9 instance with the shared feature set. State lives in the table (fast:
 * a keystroke never waits for the router); `onStateChange` mirrors it out, e.g. into the URL.
 */
import { startTransition, useEffect, useMemo, useRef, useState } from "react";
import {
  functionalUpdate,
  useTable,
  type ExpandedState,
  type RowData,
  type Updater,
} from "@tanstack/react-table";
import { EMPTY_TABLE_STATE, type DataTableState } from "@/lib/store/url-state";
import { dataTableFeatures, type DataTableColumn, type DataTableRow } from "./features";

export { EMPTY_TABLE_STATE, type DataTableState };

export interface UseDataTableOptions<TData extends RowData> {
  data: TData[];
  columns: DataTableColumn<TData>[];
  getRowId: (row: TData) => string;
  /** Read once at mount (from the URL, say). */
  initialState?: Partial<DataTableState>;
  onStateChange?: (state: DataTableState) => void;
  /** Text the search box matches (case-insensitive); without it the search box is not offered. */
  searchText?: (row: TData) => string;
  getRowCanExpand?: (row: DataTableRow<TData>) => boolean;
  /**
   * For big tables: the first render makes only this many rows (a screenful and more), and the whole
   * data follows at once in a background render, so the first rows show without waiting for row models
   * of every row. Only while no sort or filter applies: then the first rows given are the table's own.
   */
  firstRows?: number;
}

/** No sort and no filter: the table shows its rows in the order given. */
function inGivenOrder(state: DataTableState): boolean {
  return state.sorting.length === 0 && state.columnFilters.length === 0 && state.globalFilter === "";
}

export function useDataTable<TData extends RowData>(options: UseDataTableOptions<TData>) {
  const [state, setState] = useState<DataTableState>(() => ({ ...EMPTY_TABLE_STATE, ...options.initialState }));
  const searchTextRef = useRef(options.searchText);
  searchTextRef.current = options.searchText;
  // Lower-cased search text per row object, computed once: a keystroke then costs one `includes` per row.
  const searchCache = useRef(new WeakMap<object, string>());
  const onStateChangeRef = useRef(options.onStateChange);
  onStateChangeRef.current = options.onStateChange;
  const mounted = useRef(false);
  const [whole, setWhole] = useState(() => options.firstRows === undefined || options.data.length <= options.firstRows || !inGivenOrder(state));
  useEffect(() => {
    if (!whole) startTransition(() => setWhole(true));
  }, [whole]);
  const data = useMemo(() => (whole ? options.data : options.data.slice(0, options.firstRows)), [whole, options.data, options.firstRows]);

  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    onStateChangeRef.current?.(state);
  }, [state]);

  function updater<K extends keyof DataTableState>(key: K) {
    return (value: Updater<DataTableState[K]>) =>
      setState((previous) => ({ ...previous, [key]: functionalUpdate(value, previous[key]) }));
  }

  // The search box runs against one column only (the first with an accessor), once per row.
  const searchColumn = options.columns.find((c) => "accessorFn" in c || "accessorKey" in c) as { id?: string; accessorKey?: string } | undefined;
  const firstColumnId = searchColumn?.id ?? searchColumn?.accessorKey;
  // A table whose columns change (the tools page's client switch) keeps sorts and filters of columns it
  // no longer shows in its state, for when they come back, but never hands them to TanStack.
  const columnIds = new Set(options.columns.map((c) => c.id));
  const table = useTable({
    features: dataTableFeatures,
    columns: options.columns,
    data,
    getRowId: (row: TData) => options.getRowId(row),
    state: {
      sorting: state.sorting.filter((s) => columnIds.has(s.id)),
      columnFilters: state.columnFilters.filter((f) => columnIds.has(f.id)),
      globalFilter: state.globalFilter,
      columnVisibility: state.columnVisibility,
      rowSelection: state.rowSelection,
      expanded: state.expanded,
    },
    onSortingChange: updater("sorting"),
    onColumnFiltersChange: updater("columnFilters"),
    onGlobalFilterChange: updater("globalFilter"),
    onColumnVisibilityChange: updater("columnVisibility"),
    onRowSelectionChange: updater("rowSelection"),
    onExpandedChange: (value: Updater<ExpandedState>) =>
      setState((previous) => {
        const next = functionalUpdate(value, previous.expanded);
        return { ...previous, expanded: next === true ? {} : (next as Record<string, boolean>) };
      }),
    getRowCanExpand: options.getRowCanExpand ?? (() => false),
    // Rows are keyed by id and the data is live (a new fleet state every few seconds while a server
    // retries): a row the user opened stays open when its data changes.
    autoResetExpanded: false,
    enableMultiRowSelection: false,
    // The search box matches one precomputed string per row, checked once per row (fast at 10,000 rows).
    getColumnCanGlobalFilter: (column) => column.id === firstColumnId,
    globalFilterFn: Object.assign(
      (row: DataTableRow<TData>, _columnId: string, filterValue: string) => {
        const original = row.original as object;
        let text = searchCache.current.get(original);
        if (text === undefined) {
          text = (searchTextRef.current?.(row.original as TData) ?? "").toLowerCase();
          searchCache.current.set(original, text);
        }
        return text.includes(filterValue);
      },
      { resolveFilterValue: (value: unknown) => String(value ?? "").toLowerCase() },
    ),
  });

  // `pending`: the first rows only, the whole table on its way (`rows` of them).
  return { table, state, setState, searchable: options.searchText !== undefined, pending: whole ? null : { rows: options.data.length } };
}
