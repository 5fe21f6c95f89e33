/** The shared data-table shell (after shadcn's tasks example), re-exported for feature folders. */
export { DataTable } from "./data-table";
export { DataTableToolbar } from "./data-table-toolbar";
export { DataTableFacetedFilter, type FacetOption } from "./data-table-faceted-filter";
export { DataTableViewOptions } from "./data-table-view-options";
export { DataTableColumnHeader } from "./data-table-column-header";
export { DataTableExpandButton } from "./data-table-expand-button";
export { useDataTable, EMPTY_TABLE_STATE, type DataTableState, type UseDataTableOptions } from "./use-data-table";
export { dataTableFeatures, type DataTableColumn, type DataTableColumnMeta, type DataTableFeatures, type DataTableInstance, type DataTableRow } from "./features";
