/**
 * The one TanStack Table v9 feature set every table in the app uses (sorting, column and global
 * filtering, faceting, column visibility, row selection, expanding), so all tables behave alike.
 */
import {
  columnFacetingFeature,
  columnFilteringFeature,
  columnVisibilityFeature,
  constructFilterFn,
  createFacetedRowModel,
  createFacetedUniqueValues,
  createFilteredRowModel,
  createSortedRowModel,
  filterFn_arrIncludesSome,
  filterFn_equalsString,
  filterFn_includesString,
  globalFilteringFeature,
  rowExpandingFeature,
  rowSelectionFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
  type ColumnDef,
  type Row,
  type RowData,
  type ReactTable,
} from "@tanstack/react-table";

export interface DataTableColumnMeta {
  /** CSS width of the column (e.g. `12rem`, `minmax(8rem, 1fr)`): the table lays out as a CSS grid. */
  width?: string;
  /** Label in the column-visibility menu when the header is not a plain string. */
  label?: string;
  align?: "left" | "right";
}

/**
 * The faceted filters' test: keeps a row whose value is one of the chosen values, or, for an
 * array-valued column (flags, members), has any of them.
 */
export const filterFn_inList = constructFilterFn({
  filter: (dataValue: unknown, filterValue: unknown) => {
    if (!Array.isArray(filterValue) || filterValue.length === 0) return true;
    if (Array.isArray(dataValue)) return dataValue.some((v) => filterValue.includes(v));
    return filterValue.includes(dataValue);
  },
  autoRemove: (value: unknown) => !Array.isArray(value) || value.length === 0,
});

export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  globalFilteringFeature,
  columnFacetingFeature,
  columnVisibilityFeature,
  rowSelectionFeature,
  rowExpandingFeature,
  sortedRowModel: createSortedRowModel(),
  filteredRowModel: createFilteredRowModel(),
  facetedRowModel: createFacetedRowModel(),
  facetedUniqueValues: createFacetedUniqueValues(),
  sortFns: { alphanumeric: sortFn_alphanumeric, text: sortFn_text, basic: sortFn_basic },
  filterFns: { includesString: filterFn_includesString, equalsString: filterFn_equalsString, arrIncludesSome: filterFn_arrIncludesSome, inList: filterFn_inList },
  columnMeta: {} as DataTableColumnMeta,
});

export type DataTableFeatures = typeof dataTableFeatures;
export type DataTableColumn<TData extends RowData> = ColumnDef<DataTableFeatures, TData, any>;
export type DataTableInstance<TData extends RowData> = ReactTable<DataTableFeatures, TData>;
export type DataTableRow<TData extends RowData> = Row<DataTableFeatures, TData>;
