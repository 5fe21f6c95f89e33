"use client";
/**
 * The Tools page for one client (the switch: Claude Code, Claude Code before 2.1.195, Codex, the Agent
 * SDK host): every tool the fleet lists with the name that client's model calls it by, or why that
 * client drops it, as a virtualized table with faceted filters, search, sorting and column visibility;
 * the client's maps (name called -> server and tool, and back) as a second view, both downloadable as
 * JSON. For the Agent SDK host these are the reconciler's forward and reverse maps. Client, view and
 * filters live in the URL.
 */
import { useMemo, useState } from "react";
import Link from "next/link";
import { DataTable, DataTableFacetedFilter, DataTableToolbar, useDataTable } from "@/components/data-table";
import { FlagBadges } from "@/components/cells/flag-badges";
import { flagOptions } from "@/components/cells/options";
import { ServerBadge } from "@/components/cells/server-badge";
import { ToolName, toolHref } from "@/components/cells/tool-name";
import { ClientSummary } from "@/components/clients/client-summary";
import { ClientSwitch } from "@/components/clients/client-switch";
import { CopyButton } from "@/components/ui/copy-button";
import { FleetGate } from "@/components/layout/fleet-gate";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { CloseIcon, DownloadIcon } from "@/components/ui/icons";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { downloadJson } from "@/lib/api-client";
import type { ClientChoice } from "@/lib/clients/choices";
import type { FleetIndex } from "@/lib/server/page-state";
import { useClientChoice } from "@/lib/store/use-client-choice";
import { setSearchParam, useTableUrlState } from "@/lib/store/use-url-state";
import { defers } from "./tool-cost";
import { reverseColumns, toolColumns } from "./tools-columns";
import { aliasMaps, reverseRows, searchText, toolRows, type ToolRow } from "./tool-rows";

type View = "forward" | "reverse";

/** Rows the page shows first while the whole table of a big fleet is made: more than a tall screen holds. */
const FIRST_ROWS = 60;

function serverOptions(fleet: FleetIndex) {
  return [...new Set([...fleet.servers.map((s) => s.id), ...fleet.tools.map((t) => t.serverId)])].sort().map((id) => ({ value: id, label: id }));
}

/** The Agent SDK host's maps keep their names (a dispatcher loads them); other clients' name the client. */
function fileName(client: ClientChoice, view: View): string {
  const prefix = client === "agent-sdk" ? "mcp-fleet" : `mcp-fleet-${client.replace(/[^a-z0-9.-]/gi, "-")}`;
  return `${prefix}-${view}-map.json`;
}

function DownloadButton({ fleet, client, view }: { fleet: FleetIndex; client: ClientChoice; view: View }) {
  return (
    <Button
      size="sm"
      onClick={() => {
        const maps = aliasMaps(fleet, client);
        downloadJson(fileName(client, view), view === "forward" ? maps.forward : maps.reverse);
      }}
      aria-label={view === "forward" ? "Download the forward map as JSON" : "Download the reverse map as JSON"}
    >
      <DownloadIcon /> {view === "forward" ? "forward.json" : "reverse.json"}
    </Button>
  );
}

/** The selected row's names at a glance (the selection is in the URL as `sel`), with a link to its detail. */
function SelectedTool({ row, onClear }: { row: ToolRow | null; onClear: () => void }) {
  if (!row) return null;
  return (
    <div className="panel row" data-testid="selected-tool" style={{ marginBottom: 8 }}>
      <strong>Selected</strong>
      <ToolName name={row.name ?? row.originalName} muted={row.name === null} />
      <ServerBadge id={row.serverId} />
      <span className="muted">Claude Code:</span> <code>{row.claudeCodeName}</code>
      <CopyButton value={row.claudeCodeName} label="Copy the Claude Code name" />
      <FlagBadges flags={row.flags} />
      <span className="grow" />
      <Link href={toolHref(row.serverId, row.originalName)}>Open details</Link>
      <Button size="icon" variant="ghost" aria-label="Clear the selection" onClick={onClear}>
        <CloseIcon />
      </Button>
    </div>
  );
}

function ForwardTable({ fleet, client }: { fleet: FleetIndex; client: ClientChoice }) {
  const rows = useMemo(() => toolRows(fleet, client), [fleet, client]);
  // The tokens column's title says, for Claude Code, whether the deferred cost applies: made again only when that changes.
  const deferred = defers(fleet.clients[client].cost);
  const columns = useMemo(() => toolColumns(client, deferred), [client, deferred]);
  const url = useTableUrlState({ filters: { server: "serverId", flag: "flags" } });
  const { table, pending } = useDataTable({
    data: rows,
    columns,
    getRowId: (r) => r.key,
    initialState: url.initialState,
    onStateChange: url.onStateChange,
    searchText,
    firstRows: FIRST_ROWS,
  });
  const selected = Object.keys(table.state.rowSelection)[0];
  return (
    <>
      <DataTableToolbar table={table} searchPlaceholder="Search tools" noun="tool" pending={pending} actions={<DownloadButton fleet={fleet} client={client} view="forward" />}>
        <DataTableFacetedFilter column={table.getColumn("serverId")} title="Server" options={serverOptions(fleet)} />
        <DataTableFacetedFilter column={table.getColumn("flags")} title="Flag" options={flagOptions} />
      </DataTableToolbar>
      <SelectedTool row={selected === undefined ? null : (rows.find((r) => r.key === selected) ?? null)} onClear={() => table.resetRowSelection(true)} />
      <DataTable table={table} label="Tools (forward map)" testId="tools-table" empty={rows.length ? "No tool matches these filters." : "The fleet lists no tools yet."} />
    </>
  );
}

function ReverseTable({ fleet, client }: { fleet: FleetIndex; client: ClientChoice }) {
  const rows = useMemo(() => reverseRows(fleet, client), [fleet, client]);
  const url = useTableUrlState({ prefix: "r.", filters: { server: "serverId" } });
  const { table } = useDataTable({
    data: rows,
    columns: reverseColumns,
    getRowId: (r) => r.key,
    initialState: url.initialState,
    onStateChange: url.onStateChange,
    searchText: (r) => `${r.key} ${r.name}`,
  });
  return (
    <>
      <DataTableToolbar table={table} searchPlaceholder="Search the reverse map" noun="entry" nounPlural="entries" actions={<DownloadButton fleet={fleet} client={client} view="reverse" />}>
        <DataTableFacetedFilter column={table.getColumn("serverId")} title="Server" options={serverOptions(fleet)} />
      </DataTableToolbar>
      <DataTable table={table} label="Reverse map" testId="reverse-table" empty="No entry matches." />
    </>
  );
}

export function ToolsView() {
  const url = useTableUrlState({});
  const [view, setView] = useState<View>(url.searchParams.get("view") === "reverse" ? "reverse" : "forward");
  const [client, setClient] = useClientChoice();
  return (
    <>
      <PageHeader
        title="Tools"
        description="What a model sees, client by client: every tool the fleet lists, the name the model calls it by, or why the client drops it."
        actions={
          <>
            <ClientSwitch value={client} onChange={setClient} />
            <SegmentedControl<View>
              label="Map"
              value={view}
              options={[{ value: "forward", label: "Forward map" }, { value: "reverse", label: "Reverse map" }]}
              onChange={(next) => {
                setView(next);
                setSearchParam("view", next === "forward" ? null : next);
              }}
            />
          </>
        }
      />
      <FleetGate>
        {(fleet) => (
          <div className="stack">
            <ClientSummary fleet={fleet} client={client} />
            {view === "forward" ? <ForwardTable fleet={fleet} client={client} /> : <ReverseTable fleet={fleet} client={client} />}
          </div>
        )}
      </FleetGate>
    </>
  );
}
