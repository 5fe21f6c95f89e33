"use client";
/**
 * Column definitions of the /cost tables, like shadcn's `columns.tsx`: every tool with what it costs in
 * full and up front and its share of the tools in full, and the descriptions alone. Each name links to
 * the tool's page, where its description is shown whole.
 */
import type { DataTableColumn } from "@/components/data-table";
import { DataTableColumnHeader } from "@/components/data-table";
import { ServerBadge } from "@/components/cells/server-badge";
import { ToolName } from "@/components/cells/tool-name";
import { Badge } from "@/components/ui/badge";
import { formatNumber, formatShare, type CostRow } from "./cost-rows";
import styles from "./cost.module.css";

function ShareCell({ share }: { share: number }) {
  return (
    <span className={styles.shareCell}>
      <span className={styles.shareTrack} aria-hidden="true">
        <span className={styles.shareFill} style={{ width: `${Math.min(1, share) * 100}%` }} />
      </span>
      <span className={styles.shareText}>{formatShare(share)}</span>
    </span>
  );
}

const name: DataTableColumn<CostRow> = {
  id: "name",
  accessorFn: (r) => r.name,
  header: ({ column }) => <DataTableColumnHeader column={column} title="Name as sent" />,
  sortFn: "text",
  enableHiding: false,
  meta: { width: "minmax(14rem, 2.5fr)", label: "Name as sent" },
  cell: ({ row }) => <ToolName name={row.original.name} serverId={row.original.serverId} originalName={row.original.originalName} copy />,
};

const server: DataTableColumn<CostRow> = {
  id: "serverId",
  accessorFn: (r) => r.serverId,
  header: ({ column }) => <DataTableColumnHeader column={column} title="Server" />,
  sortFn: "text",
  filterFn: "inList",
  meta: { width: "minmax(7rem, 1fr)", label: "Server" },
  cell: ({ row }) => <ServerBadge id={row.original.serverId} />,
};

/** A right-aligned, sortable count. */
function numberColumn(id: string, title: string, value: (r: CostRow) => number, width = "8rem"): DataTableColumn<CostRow> {
  return {
    id,
    accessorFn: value,
    header: ({ column }) => <DataTableColumnHeader column={column} title={title} />,
    sortFn: "basic",
    meta: { width, label: title, align: "right" },
    cell: ({ row }) => <span className="tabular">{formatNumber(value(row.original))}</span>,
  };
}

function shareColumn(id: string, title: string, value: (r: CostRow) => number): DataTableColumn<CostRow> {
  return {
    id,
    accessorFn: value,
    header: ({ column }) => <DataTableColumnHeader column={column} title={title} />,
    sortFn: "basic",
    meta: { width: "minmax(9rem, 1.2fr)", label: title },
    cell: ({ row }) => <ShareCell share={value(row.original)} />,
  };
}

/** Every tool; `deferred` adds Claude Code's up-front cost (its name line, or its whole entry when always loaded). */
export function toolCostColumns({ deferred }: { deferred: boolean }): DataTableColumn<CostRow>[] {
  const upFront: DataTableColumn<CostRow> = {
    ...numberColumn("upFront", "Up front", (r) => r.upFront, "8.5rem"),
    cell: ({ row }) => (
      <span className={styles.upFrontCell}>
        {row.original.alwaysLoad ? (
          <Badge tone="info" title="_meta anthropic/alwaysLoad: sent in full even while tools are deferred">
            always
          </Badge>
        ) : null}
        <span className="tabular">{formatNumber(row.original.upFront)}</span>
      </span>
    ),
  };
  const description: DataTableColumn<CostRow> = {
    id: "description",
    accessorFn: (r) => r.descriptionTokens,
    header: ({ column }) => <DataTableColumnHeader column={column} title="Description" />,
    sortFn: "basic",
    meta: { width: "minmax(10rem, 1.2fr)", label: "Description", align: "right" },
    cell: ({ row }) => (
      <span className="tabular" title={`${formatNumber(row.original.descriptionChars)} characters, ${formatShare(row.original.descriptionOfTool)} of the tool`}>
        {formatNumber(row.original.descriptionTokens)} <span className="muted">· {formatNumber(row.original.descriptionChars)} ch</span>
      </span>
    ),
  };
  return [
    name,
    server,
    numberColumn("tokens", "Tokens in full", (r) => r.tokens, "8.5rem"),
    ...(deferred ? [upFront] : []),
    shareColumn("share", "Share", (r) => r.share),
    description,
    numberColumn("chars", "Characters", (r) => r.chars),
    numberColumn("bytes", "Bytes", (r) => r.bytes),
  ];
}

/** The descriptions alone, heaviest first: often the part a server's author can shorten. */
export const descriptionColumns: DataTableColumn<CostRow>[] = [
  name,
  server,
  numberColumn("descriptionTokens", "Description tokens", (r) => r.descriptionTokens, "10rem"),
  numberColumn("descriptionChars", "Characters", (r) => r.descriptionChars),
  shareColumn("descriptionShare", "Share of all tools", (r) => r.descriptionShare),
  shareColumn("descriptionOfTool", "Of its tool", (r) => r.descriptionOfTool),
];
