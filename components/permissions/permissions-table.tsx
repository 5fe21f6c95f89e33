"use client";
/**
 * The permissions table: every tool with its annotations, the suggestion (with
 * accept), our rule as a segmented allow / ask / deny / none control, and the effective decision with
 * its reason. Bulk set applies to the checked rows or to every row the filters keep.
 */
import { useMemo, useState } from "react";
import { DataTable, DataTableColumnHeader, DataTableFacetedFilter, DataTableToolbar, useDataTable, type DataTableColumn } from "@/components/data-table";
import { ServerBadge } from "@/components/cells/server-badge";
import { ToolName } from "@/components/cells/tool-name";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { ruleName, type LintFinding, type PermissionChange, type PermissionRow, type RuleDecision } from "@/lib/permissions";
import { useTableUrlState } from "@/lib/store/use-url-state";
import { DecisionBadge } from "./decision-badge";
import { ShadowFlag } from "./shadow-flag";
import { decisionOptions } from "./decision-options";

export const rowId = (r: Pick<PermissionRow, "serverId" | "toolName">) => `${r.serverId}:${r.toolName}`;

const ANNOTATION_FLAGS: [key: string, label: string][] = [
  ["readOnlyHint", "read-only"],
  ["destructiveHint", "destructive"],
  ["idempotentHint", "idempotent"],
  ["openWorldHint", "open-world"],
];

function Annotations({ row }: { row: PermissionRow }) {
  const a = row.annotations ?? {};
  // The hints that are set to true, plus an explicit destructiveHint: false (it changes the suggestion's reason).
  const shown = ANNOTATION_FLAGS.filter(([key]) => a[key] === true);
  const nonDestructive = a.destructiveHint === false && a.readOnlyHint !== true;
  if (shown.length === 0 && !nonDestructive) return <span className="muted">{Object.keys(a).length ? "no hints set" : "none"}</span>;
  return (
    <span className="badge-row">
      {shown.map(([key, label]) => (
        <Badge key={key} tone={key === "destructiveHint" ? "bad" : "info"} title={`${key}: true`}>
          {label}
        </Badge>
      ))}
      {nonDestructive ? <Badge title="destructiveHint: false">non-destructive</Badge> : null}
    </span>
  );
}

type Edit = (changes: PermissionChange[]) => void;

/** Our rules (saved or drafted) that Claude Code never reaches, by rule name (shadowedOurRules). */
export type Shadowed = ReadonlyMap<string, LintFinding>;

function shadowOf(row: PermissionRow, shadowed: Shadowed): LintFinding | undefined {
  return shadowed.get(row.claudeCodeName) ?? shadowed.get(ruleName(row.serverId, row.toolName));
}

function columns(edit: Edit, selected: Set<string>, toggle: (id: string) => void, drafted: Set<string>, shadowed: Shadowed): DataTableColumn<PermissionRow>[] {
  return [
    {
      id: "select",
      header: "",
      enableSorting: false,
      enableHiding: false,
      meta: { width: "2.5rem" },
      cell: ({ row }) => (
        <input type="checkbox" aria-label={`Select ${rowId(row.original)}`} checked={selected.has(rowId(row.original))} onChange={() => toggle(rowId(row.original))} />
      ),
    },
    {
      id: "server",
      accessorFn: (r) => r.serverId,
      header: ({ column }) => <DataTableColumnHeader column={column} title="Server" />,
      filterFn: "inList",
      meta: { width: "minmax(7rem, 0.8fr)", label: "Server" },
      cell: ({ row }) => <ServerBadge id={row.original.serverId} />,
    },
    {
      id: "tool",
      accessorFn: (r) => r.toolName,
      header: ({ column }) => <DataTableColumnHeader column={column} title="Tool" />,
      meta: { width: "minmax(10rem, 1.4fr)", label: "Tool" },
      cell: ({ row }) => (
        <span className="stack" style={{ gap: 0, minWidth: 0 }}>
          <ToolName name={row.original.toolName} serverId={row.original.serverId} originalName={row.original.toolName} />
          {row.original.excluded ? <Badge tone="bad" title="Excluded from the fleet: never exported as allowed">excluded</Badge> : null}
        </span>
      ),
    },
    {
      id: "annotations",
      header: "Annotations",
      enableSorting: false,
      meta: { width: "minmax(8rem, 1fr)", label: "Annotations" },
      cell: ({ row }) => <Annotations row={row.original} />,
    },
    {
      id: "suggestion",
      accessorFn: (r) => r.suggestion.decision,
      header: ({ column }) => <DataTableColumnHeader column={column} title="Suggestion" />,
      meta: { width: "10rem", label: "Suggestion" },
      cell: ({ row }) => {
        const { suggestion, ours, serverId, toolName } = row.original;
        return (
          <span className="row" style={{ flexWrap: "nowrap" }}>
            <DecisionBadge decision={suggestion.decision} title={`Suggested from ${suggestion.because}`} />
            {ours !== suggestion.decision ? (
              <Button size="sm" variant="ghost" aria-label={`Accept ${suggestion.decision} for ${serverId}:${toolName}`} title={suggestion.because} onClick={() => edit([{ serverId, toolName, decision: suggestion.decision }])}>
                Accept
              </Button>
            ) : null}
          </span>
        );
      },
    },
    {
      id: "ours",
      accessorFn: (r) => r.ours,
      header: ({ column }) => <DataTableColumnHeader column={column} title="Our rule" />,
      filterFn: "inList",
      meta: { width: "15rem", label: "Our rule" },
      cell: ({ row }) => (
        <span className="stack" style={{ gap: 2, alignItems: "flex-start" }}>
          <span className={drafted.has(rowId(row.original)) ? "row is-drafted" : "row"} data-drafted={drafted.has(rowId(row.original)) || undefined} style={{ flexWrap: "nowrap" }}>
            <SegmentedControl<RuleDecision>
              label={`Rule for ${rowId(row.original)}`}
              value={row.original.ours}
              options={decisionOptions.map((o) => ({ value: o.value, label: o.label }))}
              onChange={(decision) => edit([{ serverId: row.original.serverId, toolName: row.original.toolName, decision }])}
            />
            {drafted.has(rowId(row.original)) ? <span title="Unsaved" aria-label="unsaved">•</span> : null}
          </span>
          <ShadowFlag finding={shadowOf(row.original, shadowed)} target={rowId(row.original)} />
        </span>
      ),
    },
    {
      id: "effective",
      accessorFn: (r) => r.effective.decision,
      header: ({ column }) => <DataTableColumnHeader column={column} title="Effective" />,
      filterFn: "inList",
      meta: { width: "minmax(12rem, 1.6fr)", label: "Effective" },
      cell: ({ row }) => (
        <span className="row" data-testid={`effective-${rowId(row.original)}`} style={{ flexWrap: "nowrap", minWidth: 0 }}>
          <DecisionBadge decision={row.original.effective.decision} />
          <span className="muted" title={row.original.effective.why} style={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
            {row.original.effective.why}
          </span>
        </span>
      ),
    },
  ];
}

function BulkButtons({ label, count, onSet }: { label: string; count: number; onSet: (decision: RuleDecision) => void }) {
  return (
    <span className="row" role="group" aria-label={`Set ${label}`}>
      <span className="muted">
        {label} ({count}):
      </span>
      {decisionOptions.map((o) => (
        <Button key={o.value} size="sm" disabled={count === 0} aria-label={`Set ${label} to ${o.value}`} onClick={() => onSet(o.value)}>
          {o.label}
        </Button>
      ))}
    </span>
  );
}

export function PermissionsTable({ rows, drafted, shadowed, edit }: { rows: PermissionRow[]; drafted: Set<string>; shadowed: Shadowed; edit: Edit }) {
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const cols = useMemo(() => columns(edit, selected, toggle, drafted, shadowed), [edit, selected, drafted, shadowed]);
  const url = useTableUrlState({ prefix: "p.", filters: { server: "server", ours: "ours", effective: "effective" } });
  const { table } = useDataTable({
    data: rows,
    columns: cols,
    getRowId: rowId,
    initialState: url.initialState,
    onStateChange: url.onStateChange,
    searchText: (r) => `${r.serverId} ${r.toolName} ${r.claudeCodeName} ${r.effective.why}`,
  });
  const servers = useMemo(() => [...new Set(rows.map((r) => r.serverId))].sort().map((id) => ({ value: id, label: id })), [rows]);
  const decisionFacets = decisionOptions.map((o) => ({ value: o.value, label: o.label }));
  const filteredRows = table.getRowModel().rows.map((r) => r.original);
  const selectedRows = rows.filter((r) => selected.has(rowId(r)));
  const setAll = (targets: PermissionRow[], decision: RuleDecision) => edit(targets.map((r) => ({ serverId: r.serverId, toolName: r.toolName, decision })));

  return (
    <section aria-labelledby="tools-heading" className="stack">
      <h2 id="tools-heading">Tools</h2>
      <DataTableToolbar table={table} searchPlaceholder="Search tools" noun="tool">
        <DataTableFacetedFilter column={table.getColumn("server")} title="Server" options={servers} />
        <DataTableFacetedFilter column={table.getColumn("ours")} title="Our rule" options={decisionFacets} />
        <DataTableFacetedFilter column={table.getColumn("effective")} title="Effective" options={decisionFacets} />
      </DataTableToolbar>
      <div className="toolbar" role="toolbar" aria-label="Bulk set">
        <BulkButtons label="selected" count={selectedRows.length} onSet={(d) => setAll(selectedRows, d)} />
        <Button size="sm" variant="ghost" disabled={selected.size === 0} onClick={() => setSelected(new Set())}>
          Clear selection
        </Button>
        <span className="grow" />
        <BulkButtons label="filtered" count={filteredRows.length} onSet={(d) => setAll(filteredRows, d)} />
      </div>
      <DataTable table={table} label="Tool permissions" testId="permissions-table" empty="No tools match." estimateRowHeight={48} />
    </section>
  );
}
