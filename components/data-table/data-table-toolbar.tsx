"use client";
/** Above a table: the search box, the faceted filters passed in, a reset, a row count and the view menu. */
import type { ReactNode } from "react";
import type { RowData } from "@tanstack/react-table";
import { Button } from "@/components/ui/button";
import { count } from "@/lib/text/count";
import { CloseIcon } from "@/components/ui/icons";
import type { DataTableInstance } from "./features";
import { DataTableViewOptions } from "./data-table-view-options";

export function DataTableToolbar<TData extends RowData>({
  table,
  searchPlaceholder,
  noun = "row",
  nounPlural,
  children,
  actions,
  pending,
}: {
  table: DataTableInstance<TData>;
  /** Shown when the table was built with `searchText`. */
  searchPlaceholder?: string;
  /** What a row is, singular ("tool"); the count reads "1 tool", "3 of 12 tools". */
  noun?: string;
  /** The plural when it is not noun + "s" ("entries"). */
  nounPlural?: string;
  /** Faceted filters. */
  children?: ReactNode;
  /** Extra buttons on the right (downloads, say). */
  actions?: ReactNode;
  /** The table shows its first rows while the whole is made (useDataTable's `pending`): the search waits, the count is the whole's. */
  pending?: { rows: number } | null;
}) {
  const filtered = table.state.columnFilters.length > 0 || Boolean(table.state.globalFilter);
  const total = pending ? pending.rows : table.getCoreRowModel().rows.length;
  const shown = pending ? total : table.getRowModel().rows.length;
  return (
    <div className="toolbar" role="toolbar" aria-label="Table controls">
      {searchPlaceholder ? (
        <input
          type="search"
          className="input"
          placeholder={searchPlaceholder}
          aria-label={searchPlaceholder}
          value={String(table.state.globalFilter ?? "")}
          disabled={pending ? true : undefined}
          onChange={(e) => table.setGlobalFilter(e.target.value)}
        />
      ) : null}
      {children}
      {filtered ? (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            table.resetColumnFilters(true);
            table.setGlobalFilter("");
          }}
        >
          Reset <CloseIcon />
        </Button>
      ) : null}
      <span className="grow" />
      <span className="muted tabular" data-testid="row-count" aria-live="polite">
        {shown === total ? count(total, noun, nounPlural) : `${shown} of ${count(total, noun, nounPlural)}`}
      </span>
      {actions}
      <DataTableViewOptions table={table} />
    </div>
  );
}
