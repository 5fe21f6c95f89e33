"use client";
/**
 * The shared table: TanStack Table v9 for the model, @tanstack/react-virtual for the body, so only the
 * rows in view are in the DOM and 10,000 rows stay smooth. Laid out as a CSS grid (column widths from
 * `meta.width`) with explicit ARIA table roles; an expanded row shows its detail under its cells.
 */
import { useRef, type ReactNode } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import type { RowData } from "@tanstack/react-table";
import type { DataTableInstance, DataTableRow } from "./features";

export function DataTable<TData extends RowData>({
  table,
  label,
  empty,
  renderDetail,
  maxHeight = "70vh",
  estimateRowHeight = 38,
  testId,
}: {
  table: DataTableInstance<TData>;
  /** Accessible name of the table. */
  label: string;
  /** Shown in the body when no row passes the filters. */
  empty?: ReactNode;
  /** Content under an expanded row. */
  renderDetail?: (row: DataTableRow<TData>) => ReactNode;
  maxHeight?: string;
  estimateRowHeight?: number;
  testId?: string;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = table.getRowModel().rows;
  const columns = table.getVisibleLeafColumns();
  const template = columns.map((c) => c.columnDef.meta?.width ?? "minmax(6rem, 1fr)").join(" ");

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateRowHeight,
    overscan: 12,
    getItemKey: (index) => rows[index]?.id ?? index,
  });
  const items = virtualizer.getVirtualItems();

  return (
    <div className="table-scroll" ref={scrollRef} style={{ maxHeight }} data-testid={testId}>
      <table role="table" className="data-table" aria-label={label} aria-rowcount={rows.length + 1}>
        <thead role="rowgroup" className="data-table-head">
          {table.getHeaderGroups().map((group) => (
            <tr role="row" key={group.id} style={{ gridTemplateColumns: template }} aria-rowindex={1}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    role="columnheader"
                    key={header.id}
                    aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                    className={header.column.columnDef.meta?.align === "right" ? "align-right" : undefined}
                  >
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody role="rowgroup" className="data-table-body" style={{ height: rows.length ? virtualizer.getTotalSize() : undefined }}>
          {rows.length === 0 ? (
            <tr role="row" className="data-table-empty">
              <td role="cell">{empty ?? "No rows."}</td>
            </tr>
          ) : (
            items.map((item) => {
              const row = rows[item.index];
              const expanded = renderDetail !== undefined && row.getIsExpanded();
              return (
                <tr
                  role="row"
                  key={row.id}
                  data-index={item.index}
                  data-row-id={row.id}
                  ref={virtualizer.measureElement}
                  aria-rowindex={item.index + 2}
                  aria-expanded={row.getCanExpand() ? row.getIsExpanded() : undefined}
                  aria-selected={row.getIsSelected() || undefined}
                  className={expanded ? "is-expanded" : undefined}
                  style={{ gridTemplateColumns: template, transform: `translateY(${item.start}px)` }}
                >
                  {row.getVisibleCells().map((cell) => (
                    <td role="cell" key={cell.id} data-column={cell.column.id} className={cell.column.columnDef.meta?.align === "right" ? "align-right" : undefined}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                  {expanded ? (
                    <td role="cell" className="row-detail">
                      {renderDetail(row)}
                    </td>
                  ) : null}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
