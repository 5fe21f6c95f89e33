"use client";
/** The expand/collapse toggle for a row's detail, labelled with what it opens. */
import type { RowData } from "@tanstack/react-table";
import { ChevronIcon } from "@/components/ui/icons";
import type { DataTableRow } from "./features";

export function DataTableExpandButton<TData extends RowData>({ row, label }: { row: DataTableRow<TData>; label: string }) {
  if (!row.getCanExpand()) return <span className="expand-placeholder" />;
  const open = row.getIsExpanded();
  return (
    <button
      type="button"
      className="btn btn-ghost btn-icon expand-button"
      aria-expanded={open}
      aria-label={`${open ? "Collapse" : "Expand"} ${label}`}
      onClick={() => row.toggleExpanded()}
    >
      <ChevronIcon className={open ? "rotate-90" : undefined} />
    </button>
  );
}
