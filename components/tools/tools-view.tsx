"use client";
/**
 * The Tools page: the forward map (exposed name -> server and original) as a virtualized
 * table with faceted filters, search, sorting and column visibility; the reverse map as a second
 * view; both downloadable as JSON (what an Agent SDK dispatcher loads). View and filters in the URL.
 */
import { useMemo, useState } from "react";
import { DataTable, DataTableFacetedFilter, DataTableToolbar, useDataTable } from "@/components/data-table";
import Link from "next/link";
import { FlagBadges } from "@/components/cells/flag-badges";
import { flagOptions } from "@/components/cells/options";
import { ServerBadge } from "@/components/cells/server-badge";
import { ToolName, toolHref } from "@/components/cells/tool-name";
import { CopyButton } from "@/components/ui/copy-button";
import { FleetGate } from "@/components/layout/fleet-gate";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { CloseIcon, DownloadIcon } from "@/components/ui/icons";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { downloadJson } from "@/lib/api-client";
import type { FleetState } from "@/lib/fleet/types";
import { setSearchParam, useTableUrlState } from "@/lib/store/use-url-state";
import { reverseColumns, toolColumns } from "./tools-columns";
import { reverseRows, toolRows, type ToolRow } from "./tool-rows";

type View = "forward" | "reverse";

function serverOptions(fleet: FleetState) {
  return [...new Set([...fleet.servers.map((s) => s.id), ...fleet.snapshot.tools.map((t) => t.serverId)])].sort().map((id) => ({ value: id, label: id }));
}

function DownloadButton({ fleet, view }: { fleet: FleetState; view: View }) {
  return (
    <Button
      size="sm"
      onClick={() => downloadJson(view === "forward" ? "mcp-fleet-forward-map.json" : "mcp-fleet-reverse-map.json", view === "forward" ? fleet.snapshot.forward : fleet.snapshot.reverse)}
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
      <ToolName name={row.exposedName} />
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

function ForwardTable({ fleet }: { fleet: FleetState }) {
  const rows = useMemo(() => toolRows(fleet.snapshot), [fleet.snapshot]);
  const url = useTableUrlState({ filters: { server: "serverId", flag: "flags" } });
  const { table } = useDataTable({
    data: rows,
    columns: toolColumns,
    getRowId: (r) => r.key,
    initialState: url.initialState,
    onStateChange: url.onStateChange,
    searchText: (r) => r.search,
  });
  return (
    <>
      <DataTableToolbar table={table} searchPlaceholder="Search tools" noun="tool" actions={<DownloadButton fleet={fleet} view="forward" />}>
        <DataTableFacetedFilter column={table.getColumn("serverId")} title="Server" options={serverOptions(fleet)} />
        <DataTableFacetedFilter column={table.getColumn("flags")} title="Flag" options={flagOptions} />
      </DataTableToolbar>
      <SelectedTool row={rows.find((r) => table.state.rowSelection[r.key]) ?? null} onClear={() => table.resetRowSelection(true)} />
      <DataTable table={table} label="Tools (forward map)" testId="tools-table" empty={rows.length ? "No tool matches these filters." : "The fleet lists no tools yet."} />
    </>
  );
}

function ReverseTable({ fleet }: { fleet: FleetState }) {
  const rows = useMemo(() => reverseRows(fleet.snapshot), [fleet.snapshot]);
  const url = useTableUrlState({ prefix: "r.", filters: { server: "serverId" } });
  const { table } = useDataTable({
    data: rows,
    columns: reverseColumns,
    getRowId: (r) => r.key,
    initialState: url.initialState,
    onStateChange: url.onStateChange,
    searchText: (r) => `${r.key} ${r.exposedName}`,
  });
  return (
    <>
      <DataTableToolbar table={table} searchPlaceholder="Search the reverse map" noun="entry" nounPlural="entries" actions={<DownloadButton fleet={fleet} view="reverse" />}>
        <DataTableFacetedFilter column={table.getColumn("serverId")} title="Server" options={serverOptions(fleet)} />
      </DataTableToolbar>
      <DataTable table={table} label="Reverse map" testId="reverse-table" empty="No entry matches." />
    </>
  );
}

export function ToolsView() {
  const url = useTableUrlState({});
  const [view, setView] = useState<View>(url.searchParams.get("view") === "reverse" ? "reverse" : "forward");
  return (
    <>
      <PageHeader
        title="Tools"
        description="What a model sees: every exposed name and where it goes. Excluded tools stay listed, without an exposed name."
        actions={
          <SegmentedControl<View>
            label="Map"
            value={view}
            options={[{ value: "forward", label: "Forward map" }, { value: "reverse", label: "Reverse map" }]}
            onChange={(next) => {
              setView(next);
              setSearchParam("view", next === "forward" ? null : next);
            }}
          />
        }
      />
      <FleetGate>{(fleet) => (view === "forward" ? <ForwardTable fleet={fleet} /> : <ReverseTable fleet={fleet} />)}</FleetGate>
    </>
  );
}
