"use client";
/** Column visibility menu: one checkbox per hideable column. */
import type { RowData } from "@tanstack/react-table";
import { ColumnsIcon } from "@/components/ui/icons";
import type { DataTableInstance } from "./features";

export function DataTableViewOptions<TData extends RowData>({ table }: { table: DataTableInstance<TData> }) {
  const columns = table.getAllLeafColumns().filter((column) => column.getCanHide());
  return (
    <details className="menu menu-right">
      <summary className="btn btn-default btn-sm" aria-label="Choose visible columns">
        <ColumnsIcon /> View
      </summary>
      <div className="menu-panel" role="group" aria-label="Visible columns">
        {columns.map((column) => (
          <label key={column.id} className="menu-item">
            <input type="checkbox" checked={column.getIsVisible()} onChange={(e) => column.toggleVisibility(e.target.checked)} />
            <span>{column.columnDef.meta?.label ?? (typeof column.columnDef.header === "string" ? column.columnDef.header : column.id)}</span>
          </label>
        ))}
      </div>
    </details>
  );
}
