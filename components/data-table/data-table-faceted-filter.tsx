"use client";
/**
 * A faceted filter (shadcn tasks example): a menu of the column's option values with their counts;
 * checking some keeps rows whose value (or any of whose values, for array columns) is among them.
 */
import type { ComponentType, SVGProps } from "react";
import type { RowData } from "@tanstack/react-table";
import { FilterIcon } from "@/components/ui/icons";
import { Menu } from "@/components/ui/menu";
import type { DataTableInstance } from "./features";

type Column<TData extends RowData> = ReturnType<DataTableInstance<TData>["getAllLeafColumns"]>[number];

export interface FacetOption {
  value: string;
  label: string;
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
}

export function DataTableFacetedFilter<TData extends RowData>({
  column,
  title,
  options,
}: {
  column: Column<TData> | undefined;
  title: string;
  options: FacetOption[];
}) {
  if (!column) return null;
  const selected = new Set((column.getFilterValue() as string[] | undefined) ?? []);
  return (
    <Menu
      testId={`facet-${column.id}`}
      summaryLabel={`Filter by ${title}${selected.size ? ` (${selected.size} selected)` : ""}`}
      summary={
        <>
          <FilterIcon /> {title}
          {selected.size ? <span className="badge badge-accent">{selected.size}</span> : null}
        </>
      }
    >
      <FacetPanel column={column} title={title} options={options} selected={selected} />
    </Menu>
  );
}

function FacetPanel<TData extends RowData>({ column, title, options, selected }: { column: Column<TData>; title: string; options: FacetOption[]; selected: Set<string> }) {
  const facets = column.getFacetedUniqueValues();
  // Array-valued columns (flags) are counted per element.
  const counts = new Map<string, number>();
  for (const [key, count] of facets) {
    if (Array.isArray(key)) for (const k of key) counts.set(String(k), (counts.get(String(k)) ?? 0) + count);
    else counts.set(String(key), (counts.get(String(key)) ?? 0) + count);
  }

  function toggle(value: string, on: boolean) {
    const next = new Set(selected);
    if (on) next.add(value);
    else next.delete(value);
    column.setFilterValue(next.size ? [...next].sort() : undefined);
  }

  return (
      <div className="menu-panel" role="group" aria-label={`${title} filter`}>
        {options.map((option) => {
          const Icon = option.icon;
          return (
            <label key={option.value} className="menu-item">
              <input type="checkbox" checked={selected.has(option.value)} onChange={(e) => toggle(option.value, e.target.checked)} />
              {Icon ? <Icon /> : null}
              <span className="grow">{option.label}</span>
              <span className="muted tabular">{counts.get(option.value) ?? 0}</span>
            </label>
          );
        })}
        {selected.size ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => column.setFilterValue(undefined)}>
            Clear {title.toLowerCase()} filter
          </button>
        ) : null}
      </div>
  );
}
