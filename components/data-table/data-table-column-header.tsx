"use client";
/** A sortable column header: a button that cycles the sort, with aria-sort on the header cell set by DataTable. */
import type { RowData } from "@tanstack/react-table";
import { SortIcon } from "@/components/ui/icons";
import type { DataTableInstance } from "./features";

type Column<TData extends RowData> = ReturnType<DataTableInstance<TData>["getAllLeafColumns"]>[number];

export function DataTableColumnHeader<TData extends RowData>({ column, title }: { column: Column<TData>; title: string }) {
  if (!column.getCanSort()) return <span>{title}</span>;
  const sorted = column.getIsSorted();
  return (
    <button
      type="button"
      className="column-header-button"
      onClick={() => column.toggleSorting(sorted === "asc")}
      aria-label={`${title}: ${sorted === "asc" ? "sorted ascending" : sorted === "desc" ? "sorted descending" : "not sorted"}, sort`}
    >
      {title}
      <SortIcon sortDirection={sorted} />
    </button>
  );
}
