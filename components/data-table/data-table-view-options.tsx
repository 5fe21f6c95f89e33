"use client";
/** Column visibility menu: one checkbox per hideable column. */
import type { RowData } from "@tanstack/react-table";
import { ColumnsIcon } from "@/components/ui/icons";
import { Menu } from "@/components/ui/menu";
import type { DataTableInstance } from "./features";

export function DataTableViewOptions<TData extends RowData>({ table }: { table: DataTableInstance<TData> }) {
  const columns = table.getAllLeafColumns().filter((column) => column.getCanHide());
  return (
    <Menu align="right" summaryLabel="Choose visible columns" summary={<><ColumnsIcon /> View</>}>
      <div className="menu-panel" role="group" aria-label="Visible columns">
        {columns.map((column) => (
          <label key={column.id} className="menu-item">
            <input type="checkbox" checked={column.getIsVisible()} onChange={(e) => column.toggleVisibility(e.target.checked)} />
            <span>{column.columnDef.meta?.label ?? (typeof column.columnDef.header === "string" ? column.columnDef.header : column.id)}</span>
          </label>
        ))}
      </div>
    </Menu>
  );
}
