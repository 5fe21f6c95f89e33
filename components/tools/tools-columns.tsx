"use client";
/**
 * Column definitions of the tools table for one client, and of its reverse map, like shadcn's
 * `columns.tsx`: the name that client's model calls the tool by (the Agent SDK host's exposed name,
 * Claude Code's `mcp__` name, Codex's function inside its namespace), whether the client sends it and
 * why not, what it costs in the request (bytes, and tokens with its share), the schema hash and the flags.
 */
import type { DataTableColumn } from "@/components/data-table";
import { DataTableColumnHeader } from "@/components/data-table";
import { FlagBadges } from "@/components/cells/flag-badges";
import { HashCell } from "@/components/cells/hash-cell";
import { ServerBadge } from "@/components/cells/server-badge";
import { ToolName } from "@/components/cells/tool-name";
import { Badge } from "@/components/ui/badge";
import { formatNumber, formatShare } from "@/components/cost/cost-rows";
import { CLIENT_CHOICES, type ClientChoice } from "@/lib/clients/choices";
import { useFleetStore } from "@/lib/store/hooks";
import { tokenShare, tokensTitle, toolCostTitle } from "./tool-cost";
import type { ReverseRow, ToolRow } from "./tool-rows";

/** What the name column is called for each client. */
export const NAME_TITLES: Record<ClientChoice, string> = {
  "claude-code": "Name sent",
  "claude-code@2.1.194": "Name sent",
  codex: "Function",
  "agent-sdk": "Exposed name",
};

/** Bytes as a person reads them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
}

const select: DataTableColumn<ToolRow> = {
  id: "select",
  header: "",
  enableSorting: false,
  enableHiding: false,
  meta: { width: "36px" },
  cell: ({ row }) => <input type="checkbox" aria-label={`Select ${row.original.key}`} checked={row.getIsSelected()} onChange={(e) => row.toggleSelected(e.target.checked)} />,
};

function nameColumn(client: ClientChoice): DataTableColumn<ToolRow> {
  const title = NAME_TITLES[client];
  return {
    id: "name",
    accessorFn: (r) => (client === "codex" ? r.functionName : r.name) ?? `~${r.originalName}`,
    header: ({ column }) => <DataTableColumnHeader column={column} title={title} />,
    enableHiding: false,
    meta: { width: "minmax(12rem, 2fr)", label: title },
    cell: ({ row }) => {
      const r = row.original;
      const name = client === "codex" ? r.functionName : r.name;
      return <ToolName name={name ?? r.originalName} muted={name === null} serverId={r.serverId} originalName={r.originalName} copy={name !== null} />;
    },
  };
}

const namespace: DataTableColumn<ToolRow> = {
  id: "namespace",
  accessorFn: (r) => r.namespace ?? "",
  header: ({ column }) => <DataTableColumnHeader column={column} title="Namespace" />,
  meta: { width: "minmax(8rem, 1fr)", label: "Namespace" },
  cell: ({ row }) => (row.original.namespace ? <span className="mono">{row.original.namespace}</span> : <span className="muted">—</span>),
};

const server: DataTableColumn<ToolRow> = {
  id: "serverId",
  accessorFn: (r) => r.serverId,
  header: ({ column }) => <DataTableColumnHeader column={column} title="Server" />,
  filterFn: "inList",
  meta: { width: "minmax(7rem, 1fr)", label: "Server" },
  cell: ({ row }) => <ServerBadge id={row.original.serverId} />,
};

const original: DataTableColumn<ToolRow> = {
  id: "originalName",
  accessorFn: (r) => r.originalName,
  header: ({ column }) => <DataTableColumnHeader column={column} title="Original" />,
  meta: { width: "minmax(9rem, 1.3fr)", label: "Original name" },
  cell: ({ row }) => <ToolName name={row.original.originalName} />,
};

const claudeCodeName: DataTableColumn<ToolRow> = {
  id: "claudeCodeName",
  accessorFn: (r) => r.claudeCodeName,
  header: ({ column }) => <DataTableColumnHeader column={column} title="Claude Code name" />,
  meta: { width: "minmax(12rem, 2fr)", label: "Claude Code name" },
  cell: ({ row }) => <ToolName name={row.original.claudeCodeName} copy />,
};

const verdict: DataTableColumn<ToolRow> = {
  id: "verdict",
  accessorFn: (r) => (r.name === null ? "dropped" : "sent"),
  header: ({ column }) => <DataTableColumnHeader column={column} title="Sent" />,
  meta: { width: "minmax(10rem, 1.6fr)", label: "Sent" },
  cell: ({ row }) =>
    row.original.name === null ? (
      <span className="row" style={{ flexWrap: "nowrap", minWidth: 0 }} data-verdict="dropped">
        <Badge tone="bad" style={{ flexShrink: 0 }}>
          dropped
        </Badge>
        <span className="muted truncate" title={row.original.reason ?? undefined}>
          {row.original.reason}
        </span>
      </span>
    ) : (
      <Badge tone="good" data-verdict="sent">
        sent
      </Badge>
    ),
};

const bytes: DataTableColumn<ToolRow> = {
  id: "bytes",
  accessorFn: (r) => r.bytes,
  header: ({ column }) => <DataTableColumnHeader column={column} title="Size" />,
  meta: { width: "5.5rem", label: "Size", align: "right" },
  cell: ({ row }) => (row.original.name === null ? <span className="muted">—</span> : <span className="tabular" title={`${row.original.bytes} bytes in every request`}>{formatBytes(row.original.bytes)}</span>),
};

/** A tool's tokens and its share of the client's tools (the total is the index's, read here so rows stay as made). */
function TokensCell({ row, client }: { row: ToolRow; client: ClientChoice }) {
  const cost = useFleetStore((s) => s.fleet?.clients[client]?.cost);
  if (row.name === null || !cost) return <span className="muted">—</span>;
  return (
    <span className="tabular" title={toolCostTitle(row.tokens, cost, CLIENT_CHOICES[client].label)} data-tokens={row.tokens}>
      {formatNumber(row.tokens)} <span className="muted">{formatShare(tokenShare(row.tokens, cost))}</span>
    </span>
  );
}

function tokensColumn(client: ClientChoice, deferred: boolean): DataTableColumn<ToolRow> {
  const title = tokensTitle(deferred);
  return {
    id: "tokens",
    accessorFn: (r) => r.tokens,
    header: ({ column }) => <DataTableColumnHeader column={column} title={title} />,
    sortFn: "basic",
    meta: { width: "8.5rem", label: title, align: "right" },
    cell: ({ row }) => <TokensCell row={row.original} client={client} />,
  };
}

const schemaHash: DataTableColumn<ToolRow> = {
  id: "schemaHash",
  accessorFn: (r) => r.schemaHash,
  header: "Schema hash",
  enableSorting: false,
  meta: { width: "11.5rem", label: "Schema hash" },
  cell: ({ row }) => <HashCell hash={row.original.schemaHash} label={`schema hash of ${row.original.key}`} />,
};

const flags: DataTableColumn<ToolRow> = {
  id: "flags",
  accessorFn: (r) => r.flags,
  header: "Flags",
  enableSorting: false,
  filterFn: "inList",
  meta: { width: "minmax(12rem, 2fr)", label: "Flags" },
  cell: ({ row }) => <FlagBadges flags={row.original.flags} />,
};

/**
 * The columns for one client: its own name columns, then what every client's table shows. `deferred`:
 * Claude Code's deferred cost applies, so the tokens column is titled as the cost once loaded.
 */
export function toolColumns(client: ClientChoice, deferred = false): DataTableColumn<ToolRow>[] {
  const tokens = tokensColumn(client, deferred);
  if (client === "agent-sdk") return [select, nameColumn(client), server, original, claudeCodeName, verdict, bytes, tokens, schemaHash, flags];
  if (client === "codex") return [select, nameColumn(client), namespace, server, original, verdict, bytes, tokens, schemaHash, flags];
  return [select, nameColumn(client), server, original, verdict, bytes, tokens, schemaHash, flags];
}

export const reverseColumns: DataTableColumn<ReverseRow>[] = [
  { id: "key", accessorFn: (r) => r.key, header: ({ column }) => <DataTableColumnHeader column={column} title="server:original" />, enableHiding: false, meta: { width: "minmax(14rem, 2fr)", label: "server:original" }, cell: ({ row }) => <ToolName name={row.original.key} /> },
  { id: "serverId", accessorFn: (r) => r.serverId, header: ({ column }) => <DataTableColumnHeader column={column} title="Server" />, filterFn: "inList", meta: { width: "minmax(7rem, 1fr)", label: "Server" }, cell: ({ row }) => <ServerBadge id={row.original.serverId} /> },
  { id: "name", accessorFn: (r) => r.name, header: ({ column }) => <DataTableColumnHeader column={column} title="Name called" />, meta: { width: "minmax(12rem, 2fr)", label: "Name called" }, cell: ({ row }) => <ToolName name={row.original.name} serverId={row.original.serverId} originalName={row.original.originalName} copy /> },
];
