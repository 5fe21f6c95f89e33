"use client";
/** The Collisions page: a row per collision group, expandable; then the server-pair matrix. */
import { useMemo } from "react";
import {
  DataTable,
  DataTableColumnHeader,
  DataTableExpandButton,
  DataTableFacetedFilter,
  DataTableToolbar,
  useDataTable,
  type DataTableColumn,
} from "@/components/data-table";
import { ServerBadge } from "@/components/cells/server-badge";
import { ToolName } from "@/components/cells/tool-name";
import { FleetGate } from "@/components/layout/fleet-gate";
import { PageHeader } from "@/components/layout/page-header";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/states";
import { CollideIcon, CheckIcon } from "@/components/ui/icons";
import type { FleetState } from "@/lib/fleet/types";
import type { CollisionGroup, SnapshotTool } from "@/lib/reconcile/types";
import { useTableUrlState } from "@/lib/store/use-url-state";
import { CollisionDetail } from "./collision-detail";
import { collisionMatrix } from "./collision-matrix";
import { CollisionMatrixView } from "./collision-matrix-view";

const kindOptions = [
  { value: "divergent", label: "Divergent", icon: CollideIcon },
  { value: "identical", label: "Identical", icon: CheckIcon },
];

const columns: DataTableColumn<CollisionGroup>[] = [
  { id: "expand", header: "", enableSorting: false, enableHiding: false, meta: { width: "40px" }, cell: ({ row }) => <DataTableExpandButton row={row} label={`collision ${row.original.name}`} /> },
  { id: "name", accessorFn: (g) => g.name, header: ({ column }) => <DataTableColumnHeader column={column} title="Name" />, enableHiding: false, meta: { width: "minmax(10rem, 1fr)", label: "Name" }, cell: ({ row }) => <span className="mono" data-collision={row.original.name}>{row.original.name}</span> },
  {
    id: "kind",
    accessorFn: (g) => g.kind,
    header: ({ column }) => <DataTableColumnHeader column={column} title="Kind" />,
    filterFn: "inList",
    meta: { width: "8rem", label: "Kind" },
    cell: ({ row }) => <Badge tone={row.original.kind === "divergent" ? "warn" : "info"} title={row.original.kind === "divergent" ? "Schemas differ between members" : "Every member has the same schema"}>{row.original.kind}</Badge>,
  },
  {
    id: "members",
    accessorFn: (g) => g.members.map((m) => m.serverId),
    header: "Members",
    enableSorting: false,
    filterFn: "inList",
    meta: { width: "minmax(12rem, 1.5fr)", label: "Members" },
    cell: ({ row }) => <span className="badge-row">{row.original.members.map((m) => <ServerBadge key={m.serverId} id={m.serverId} />)}</span>,
  },
  {
    id: "exposed",
    accessorFn: (g) => g.members.map((m) => m.exposedName ?? "").join(" "),
    header: "Exposed names",
    enableSorting: false,
    meta: { width: "minmax(14rem, 2fr)", label: "Exposed names" },
    cell: ({ row }) => (
      <span className="badge-row">
        {row.original.members.map((m) => <ToolName key={m.serverId} name={m.exposedName} serverId={m.serverId} originalName={row.original.name} />)}
      </span>
    ),
  },
];

function CollisionsTable({ fleet }: { fleet: FleetState }) {
  const groups = fleet.snapshot.collisions;
  const tools = useMemo(() => new Map<string, SnapshotTool>(fleet.snapshot.tools.map((t) => [`${t.serverId}:${t.originalName}`, t])), [fleet]);
  const matrix = useMemo(() => collisionMatrix(groups, fleet.servers.map((s) => s.id)), [groups, fleet.servers]);
  const serverOptions = matrix.servers.filter((s) => matrix.counts[matrix.servers.indexOf(s)][matrix.servers.indexOf(s)] > 0).map((s) => ({ value: s, label: s }));
  const url = useTableUrlState({ filters: { kind: "kind", server: "members" } });
  const { table } = useDataTable({
    data: groups,
    columns,
    getRowId: (g) => g.name,
    initialState: url.initialState,
    onStateChange: url.onStateChange,
    searchText: (g) => `${g.name} ${g.members.map((m) => `${m.serverId} ${m.exposedName ?? ""}`).join(" ")}`,
    getRowCanExpand: () => true,
  });
  if (groups.length === 0) {
    return <EmptyState title="No collisions">Every tool name is unique across the fleet: nothing is renamed for collisions.</EmptyState>;
  }
  return (
    <div className="stack">
      <DataTableToolbar table={table} searchPlaceholder="Search names and servers" noun="group">
        <DataTableFacetedFilter column={table.getColumn("kind")} title="Kind" options={kindOptions} />
        <DataTableFacetedFilter column={table.getColumn("members")} title="Server" options={serverOptions} />
      </DataTableToolbar>
      <DataTable table={table} label="Collision groups" testId="collisions-table" empty="No group matches." renderDetail={(row) => <CollisionDetail group={row.original} tools={tools} />} maxHeight="none" />
      <CollisionMatrixView matrix={matrix} />
    </div>
  );
}

export function CollisionsView() {
  return (
    <>
      <PageHeader title="Collisions" description="Tool names listed by two or more servers: each member is exposed as <server>__<name>, and its description is tagged with its source." />
      <FleetGate>{(fleet) => <CollisionsTable fleet={fleet} />}</FleetGate>
    </>
  );
}
