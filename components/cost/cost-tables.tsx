"use client";
/**
 * The /cost tables: every tool the client sends, heaviest first (sortable by cost, name, server, share,
 * description), and the descriptions alone; each name one click from its tool page. Sort and filters in
 * the URL, as on /tools.
 */
import { useMemo } from "react";
import { DataTable, DataTableFacetedFilter, DataTableToolbar, useDataTable } from "@/components/data-table";
import { useTableUrlState } from "@/lib/store/use-url-state";
import type { CostReport } from "@/lib/cost/types";
import { descriptionColumns, toolCostColumns } from "./cost-columns";
import { costRows } from "./cost-rows";

function serverOptions(report: CostReport) {
  return report.servers.map((s) => ({ value: s.serverId, label: s.serverId }));
}

export function ToolCostTable({ report }: { report: CostReport }) {
  const rows = useMemo(() => costRows(report), [report]);
  const deferred = report.total.deferred !== null;
  const columns = useMemo(() => toolCostColumns({ deferred }), [deferred]);
  const url = useTableUrlState({ filters: { server: "serverId" } });
  const { table } = useDataTable({
    data: rows,
    columns,
    getRowId: (r) => r.key,
    initialState: { sorting: [{ id: "tokens", desc: true }], ...url.initialState },
    onStateChange: url.onStateChange,
    searchText: (r) => `${r.name} ${r.originalName} ${r.serverId}`,
  });
  return (
    <>
      <DataTableToolbar table={table} searchPlaceholder="Search tools" noun="tool">
        <DataTableFacetedFilter column={table.getColumn("serverId")} title="Server" options={serverOptions(report)} />
      </DataTableToolbar>
      <DataTable table={table} label="Tool cost" testId="cost-table" empty={rows.length ? "No tool matches these filters." : "The client sends no tools for these servers."} />
    </>
  );
}

export function DescriptionCostTable({ report }: { report: CostReport }) {
  const rows = useMemo(() => costRows(report), [report]);
  const url = useTableUrlState({ prefix: "d.", filters: { server: "serverId" } });
  const { table } = useDataTable({
    data: rows,
    columns: descriptionColumns,
    getRowId: (r) => r.key,
    initialState: { sorting: [{ id: "descriptionTokens", desc: true }], ...url.initialState },
    onStateChange: url.onStateChange,
    searchText: (r) => `${r.name} ${r.originalName} ${r.serverId}`,
  });
  return (
    <>
      <DataTableToolbar table={table} searchPlaceholder="Search descriptions" noun="description">
        <DataTableFacetedFilter column={table.getColumn("serverId")} title="Server" options={serverOptions(report)} />
      </DataTableToolbar>
      <DataTable table={table} label="Description cost" testId="description-table" empty={rows.length ? "No tool matches these filters." : "The client sends no tools for these servers."} />
    </>
  );
}
