"use client";
/**
 * The servers table: id (with a failing server's error on the same line), transport, status, tool
 * count, connect and list times, protocol version; a row expands to its config, error and stderr tail,
 * with reconnect and remove.
 */
import { useMemo, useState } from "react";
import {
  DataTable,
  DataTableColumnHeader,
  DataTableExpandButton,
  DataTableFacetedFilter,
  DataTableToolbar,
  useDataTable,
  type DataTableColumn,
} from "@/components/data-table";
import { ServerBadge, StatusBadge } from "@/components/cells/server-badge";
import { statusOptions } from "@/components/cells/options";
import { Button } from "@/components/ui/button";
import { ReloadIcon, TrashIcon } from "@/components/ui/icons";
import type { ServerDetails, FleetState } from "@/lib/fleet/types";
import type { ActionResult } from "@/lib/store/fleet-slice";
import { useFleetActions, useFleetStore } from "@/lib/store/hooks";
import { useTableUrlState } from "@/lib/store/use-url-state";
import { serverProblem } from "./server-problem";

export interface ServerRow extends ServerDetails {
  toolCount: number;
}

function ms(value: number | undefined): string {
  return value === undefined ? "—" : `${Math.round(value)} ms`;
}

const columns: DataTableColumn<ServerRow>[] = [
  { id: "expand", header: "", enableSorting: false, enableHiding: false, meta: { width: "40px" }, cell: ({ row }) => <DataTableExpandButton row={row} label={`server ${row.original.id}`} /> },
  {
    id: "id",
    accessorFn: (r) => r.id,
    header: ({ column }) => <DataTableColumnHeader column={column} title="Server" />,
    meta: { width: "minmax(9rem, 2fr)", label: "Server" },
    enableHiding: false,
    cell: ({ row }) => <ServerCell server={row.original} />,
  },
  { id: "transport", accessorFn: (r) => r.transport, header: ({ column }) => <DataTableColumnHeader column={column} title="Transport" />, meta: { width: "6rem", label: "Transport" } },
  {
    id: "status",
    accessorFn: (r) => r.status,
    header: ({ column }) => <DataTableColumnHeader column={column} title="Status" />,
    meta: { width: "8rem", label: "Status" },
    filterFn: "inList",
    cell: ({ row }) => <StatusBadge status={row.original.status} />,
  },
  { id: "tools", accessorFn: (r) => r.toolCount, header: ({ column }) => <DataTableColumnHeader column={column} title="Tools" />, meta: { width: "5rem", label: "Tools", align: "right" } },
  { id: "connectMs", accessorFn: (r) => r.connectMs ?? -1, header: ({ column }) => <DataTableColumnHeader column={column} title="Connect" />, meta: { width: "6rem", label: "Connect", align: "right" }, cell: ({ row }) => ms(row.original.connectMs) },
  { id: "listMs", accessorFn: (r) => r.listMs ?? -1, header: ({ column }) => <DataTableColumnHeader column={column} title="List" />, meta: { width: "6rem", label: "List", align: "right" }, cell: ({ row }) => ms(row.original.listMs) },
  { id: "protocol", accessorFn: (r) => r.protocolVersion ?? "", header: ({ column }) => <DataTableColumnHeader column={column} title="Protocol" />, meta: { width: "7rem", label: "Protocol" }, cell: ({ row }) => row.original.protocolVersion ?? <span className="muted">—</span> },
  { id: "actions", header: "", enableSorting: false, enableHiding: false, meta: { width: "6rem" }, cell: ({ row }) => <ServerActions server={row.original} /> },
];

/** The server's id, and on the same line what is wrong with it (the full text on hover; the detail has the rest). */
function ServerCell({ server }: { server: ServerRow }) {
  const problem = serverProblem(server);
  return (
    <>
      <ServerBadge id={server.id} status={server.status} />
      {problem ? (
        // The error gives way (ellipsis); where the retries stand never does.
        <span className="server-problem" data-kind={problem.kind} data-testid={`server-problem-${server.id}`} title={problem.text}>
          {problem.kind === "error" ? (
            <>
              <span className="truncate">{problem.message}</span>
              {problem.state ? <span className="server-problem-state"> · {problem.state}</span> : null}
            </>
          ) : (
            <>
              <span className="server-problem-state">{problem.state} · </span>
              <span className="truncate">last error: {problem.message}</span>
            </>
          )}
        </span>
      ) : null}
    </>
  );
}

function ServerActions({ server }: { server: ServerRow }) {
  const { reconnectServer, removeServer, notify } = useFleetActions();
  const busy = useFleetStore((s) => Boolean(s.pending[server.id]));
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(action: () => Promise<ActionResult>, done: string) {
    setError(null);
    const result = await action();
    if (result.ok) notify("good", done);
    else {
      setError(result.error.message);
      notify("bad", result.error.message);
    }
  }
  return (
    <span className="row" style={{ flexWrap: "nowrap" }}>
      <Button size="icon" variant="ghost" aria-label={`Reconnect ${server.id}`} title={`Reconnect ${server.id}`} disabled={busy || server.status === "disabled"} onClick={() => void run(() => reconnectServer(server.id), `Reconnect of ${server.id} finished: its status is in the table.`)}>
        <ReloadIcon className={busy ? "spin" : undefined} />
      </Button>
      {confirming ? (
        <Button size="sm" variant="danger" aria-label={`Confirm removing ${server.id}`} disabled={busy} onClick={() => void run(() => removeServer(server.id), `Removed ${server.id}.`).then(() => setConfirming(false))} onBlur={() => setConfirming(false)} autoFocus>
          Remove?
        </Button>
      ) : (
        <Button size="icon" variant="ghost" aria-label={`Remove ${server.id}`} title={`Remove ${server.id}`} disabled={busy} onClick={() => setConfirming(true)}>
          <TrashIcon />
        </Button>
      )}
      {error ? <span className="field-error" role="alert" title={error}>!</span> : null}
    </span>
  );
}

function ServerDetail({ server }: { server: ServerRow }) {
  const { reconnectServer } = useFleetActions();
  const busy = useFleetStore((s) => Boolean(s.pending[server.id]));
  const [error, setError] = useState<string | null>(null);
  const config = server.config;
  // A slow first start (npx installing) timed out: offer it more time than --timeout gave it.
  const longer = server.error && /timed out after/.test(server.error) ? Math.max(60_000, server.timeoutMs * 4) : null;
  return (
    <div className="stack" data-testid={`server-detail-${server.id}`}>
      {server.error ? (
        <div className="state state-error" role="alert">
          <strong>Error</strong>
          <pre>{server.error}</pre>
          <Button size="sm" disabled={busy} onClick={async () => {
            setError(null);
            const result = await reconnectServer(server.id);
            if (!result.ok) setError(result.error.message);
          }}>
            <ReloadIcon /> Reconnect {server.id}
          </Button>
          {longer !== null ? (
            <Button size="sm" disabled={busy} onClick={async () => {
              setError(null);
              const result = await reconnectServer(server.id, { timeoutMs: longer });
              if (!result.ok) setError(result.error.message);
            }}>
              <ReloadIcon /> Reconnect with a {Math.round(longer / 1000)} s timeout
            </Button>
          ) : null}
          {error ? <span className="field-error">{error}</span> : null}
        </div>
      ) : null}
      <div className="grid-2">
        <dl className="kv">
          <dt>Source</dt>
          <dd className="mono">{config.source.file}{config.source.pointer ? ` ${config.source.pointer}` : ""}</dd>
          {config.command ? (<><dt>Command</dt><dd className="mono">{[config.command, ...(config.args ?? [])].join(" ")}</dd></>) : null}
          {config.url ? (<><dt>URL</dt><dd className="mono">{config.url}</dd></>) : null}
          {config.env && Object.keys(config.env).length ? (<><dt>Env</dt><dd className="mono">{Object.entries(config.env).map(([k, v]) => `${k}=${v}`).join(" ")}</dd></>) : null}
          {server.serverInfo ? (<><dt>Server info</dt><dd>{server.serverInfo.name} {server.serverInfo.version}</dd></>) : null}
          {server.listedAt ? (<><dt>Listed</dt><dd>{server.listedAt} ({server.listCount}×)</dd></>) : null}
        </dl>
        <div>
          <div className="muted">stderr (last lines)</div>
          {server.stderrTail.length ? <pre data-testid="stderr-tail">{server.stderrTail.join("\n")}</pre> : <div className="muted">Nothing on stderr.</div>}
        </div>
      </div>
      {server.instructions ? (<div><div className="muted">Instructions</div><pre>{server.instructions}</pre></div>) : null}
    </div>
  );
}

export function serverRows(fleet: FleetState): ServerRow[] {
  const counts = new Map(fleet.snapshot.servers.map((s) => [s.id, s.toolCount]));
  return fleet.servers.map((server) => ({ ...server, toolCount: counts.get(server.id) ?? 0 }));
}

export function ServersTable({ fleet }: { fleet: FleetState }) {
  const data = useMemo(() => serverRows(fleet), [fleet]);
  const url = useTableUrlState({ prefix: "s.", filters: { status: "status" } });
  const { table } = useDataTable({
    data,
    columns,
    getRowId: (r) => r.id,
    initialState: url.initialState,
    onStateChange: url.onStateChange,
    searchText: (r) => `${r.id} ${r.transport} ${r.status}`,
    getRowCanExpand: () => true,
  });
  return (
    <section aria-labelledby="servers-heading">
      <h2 id="servers-heading">Servers</h2>
      <DataTableToolbar table={table} searchPlaceholder="Search servers" noun="server">
        <DataTableFacetedFilter column={table.getColumn("status")} title="Status" options={statusOptions} />
      </DataTableToolbar>
      <DataTable table={table} label="Servers" testId="servers-table" empty="No servers match." renderDetail={(row) => <ServerDetail server={row.original} />} maxHeight="none" />
    </section>
  );
}
