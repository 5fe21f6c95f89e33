"use client";
/** Column definitions of the forward map (tools) and the reverse map, like shadcn's `columns.tsx`. */
import type { DataTableColumn } from "@/components/data-table";
import { DataTableColumnHeader } from "@/components/data-table";
import { FlagBadges } from "@/components/cells/flag-badges";
import { HashCell } from "@/components/cells/hash-cell";
import { ServerBadge } from "@/components/cells/server-badge";
import { ToolName } from "@/components/cells/tool-name";
import { count } from "@/lib/text/count";
import type { ReverseRow, ToolRow } from "./tool-rows";

export const toolColumns: DataTableColumn<ToolRow>[] = [
  {
    id: "select",
    header: "",
    enableSorting: false,
    enableHiding: false,
    meta: { width: "36px" },
    cell: ({ row }) => (
      <input type="checkbox" aria-label={`Select ${row.original.key}`} checked={row.getIsSelected()} onChange={(e) => row.toggleSelected(e.target.checked)} />
    ),
  },
  {
    id: "exposedName",
    accessorFn: (r) => r.exposedName ?? `~${r.originalName}`,
    header: ({ column }) => <DataTableColumnHeader column={column} title="Exposed name" />,
    enableHiding: false,
    meta: { width: "minmax(12rem, 2fr)", label: "Exposed name" },
    cell: ({ row }) => <ToolName name={row.original.exposedName} serverId={row.original.serverId} originalName={row.original.originalName} copy />,
  },
  {
    id: "serverId",
    accessorFn: (r) => r.serverId,
    header: ({ column }) => <DataTableColumnHeader column={column} title="Server" />,
    filterFn: "inList",
    meta: { width: "minmax(7rem, 1fr)", label: "Server" },
    cell: ({ row }) => <ServerBadge id={row.original.serverId} />,
  },
  {
    id: "originalName",
    accessorFn: (r) => r.originalName,
    header: ({ column }) => <DataTableColumnHeader column={column} title="Original" />,
    meta: { width: "minmax(9rem, 1.3fr)", label: "Original name" },
    cell: ({ row }) => <ToolName name={row.original.originalName} />,
  },
  {
    id: "claudeCodeName",
    accessorFn: (r) => r.claudeCodeName,
    header: ({ column }) => <DataTableColumnHeader column={column} title="Claude Code name" />,
    meta: { width: "minmax(12rem, 2fr)", label: "Claude Code name" },
    cell: ({ row }) => {
      const name = row.original.claudeCodeName;
      const over = name.length > 64;
      return <ToolName name={name} tone={over ? "bad" : undefined} note={over ? `${count(name.length, "character")}: over 64` : undefined} copy />;
    },
  },
  {
    id: "schemaHash",
    accessorFn: (r) => r.schemaHash,
    header: "Schema hash",
    enableSorting: false,
    meta: { width: "11.5rem", label: "Schema hash" },
    cell: ({ row }) => <HashCell hash={row.original.schemaHash} label={`schema hash of ${row.original.key}`} />,
  },
  {
    id: "flags",
    accessorFn: (r) => r.flags,
    header: "Flags",
    enableSorting: false,
    filterFn: "inList",
    meta: { width: "minmax(12rem, 2fr)", label: "Flags" },
    cell: ({ row }) => <FlagBadges flags={row.original.flags} />,
  },
];

export const reverseColumns: DataTableColumn<ReverseRow>[] = [
  { id: "key", accessorFn: (r) => r.key, header: ({ column }) => <DataTableColumnHeader column={column} title="server:original" />, enableHiding: false, meta: { width: "minmax(14rem, 2fr)", label: "server:original" }, cell: ({ row }) => <ToolName name={row.original.key} /> },
  { id: "serverId", accessorFn: (r) => r.serverId, header: ({ column }) => <DataTableColumnHeader column={column} title="Server" />, filterFn: "inList", meta: { width: "minmax(7rem, 1fr)", label: "Server" }, cell: ({ row }) => <ServerBadge id={row.original.serverId} /> },
  { id: "exposedName", accessorFn: (r) => r.exposedName, header: ({ column }) => <DataTableColumnHeader column={column} title="Exposed name" />, meta: { width: "minmax(12rem, 2fr)", label: "Exposed name" }, cell: ({ row }) => <ToolName name={row.original.exposedName} serverId={row.original.serverId} originalName={row.original.originalName} copy /> },
];
