"use client";
/** Columns of the review table, like shadcn's `columns.tsx`: when, server, kind, tool, change, mark. */
import Link from "next/link";
import type { DataTableColumn } from "@/components/data-table";
import { DataTableColumnHeader } from "@/components/data-table";
import { ServerBadge } from "@/components/cells/server-badge";
import { Button } from "@/components/ui/button";
import { DRIFT_KINDS, DRIFT_KIND_LABELS, type DriftEvent } from "@/lib/history/types";
import { EventDetail, toolHref } from "./event-item";
import { KindBadge } from "./kind-badge";

export const kindOptions = DRIFT_KINDS.map((kind) => ({ value: kind, label: DRIFT_KIND_LABELS[kind] }));

export function reviewColumns(mark: (event: DriftEvent) => void, disabled: boolean): DataTableColumn<DriftEvent>[] {
  return [
    {
      id: "time",
      accessorFn: (e) => e.time,
      header: ({ column }) => <DataTableColumnHeader column={column} title="When (UTC)" />,
      meta: { width: "9.5rem", label: "When" },
      cell: ({ row }) => (
        <span className="tabular" title={row.original.time}>
          {row.original.time.slice(0, 16).replace("T", " ")}
        </span>
      ),
    },
    {
      id: "serverId",
      accessorFn: (e) => e.serverId,
      header: ({ column }) => <DataTableColumnHeader column={column} title="Server" />,
      filterFn: "inList",
      meta: { width: "minmax(7rem, 1fr)", label: "Server" },
      cell: ({ row }) => <ServerBadge id={row.original.serverId} />,
    },
    {
      id: "kind",
      accessorFn: (e) => e.kind,
      header: ({ column }) => <DataTableColumnHeader column={column} title="Change" />,
      filterFn: "inList",
      meta: { width: "11rem", label: "Change" },
      cell: ({ row }) => <KindBadge kind={row.original.kind} />,
    },
    {
      id: "toolName",
      accessorFn: (e) => e.toolName,
      header: ({ column }) => <DataTableColumnHeader column={column} title="Tool" />,
      meta: { width: "minmax(9rem, 1.5fr)", label: "Tool" },
      cell: ({ row }) =>
        row.original.kind === "removed" ? (
          <code>{row.original.toolName}</code>
        ) : (
          <Link href={toolHref(row.original.serverId, row.original.toolName)} prefetch={false}>
            <code>{row.original.toolName}</code>
          </Link>
        ),
    },
    {
      id: "detail",
      header: "Detail",
      enableSorting: false,
      meta: { width: "minmax(14rem, 2fr)", label: "Detail" },
      cell: ({ row }) => <EventDetail event={row.original} />,
    },
    {
      id: "mark",
      header: "",
      enableSorting: false,
      enableHiding: false,
      meta: { width: "8.5rem", align: "right" },
      cell: ({ row }) => (
        <Button
          size="sm"
          disabled={disabled}
          aria-label={`Mark ${DRIFT_KIND_LABELS[row.original.kind]} of ${row.original.serverId}/${row.original.toolName} reviewed`}
          onClick={() => mark(row.original)}
        >
          Mark reviewed
        </Button>
      ),
    },
  ];
}
