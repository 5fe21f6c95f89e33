/**
 * UI state that is not worth a URL (filters, views and selection live in the URL instead so a view
 * can be shared): which rows are expanded. Keyed by table, then row id.
 */
import type { StateCreator } from "zustand";
import type { FleetStore } from "./store";

export interface UiSlice {
  expanded: Record<string, Record<string, boolean>>;
  toggleExpanded: (table: string, rowId: string, open?: boolean) => void;
}

export const createUiSlice: StateCreator<FleetStore, [], [], UiSlice> = (set) => ({
  expanded: {},
  toggleExpanded: (table, rowId, open) =>
    set((s) => {
      const rows = { ...(s.expanded[table] ?? {}) };
      rows[rowId] = open ?? !rows[rowId];
      return { expanded: { ...s.expanded, [table]: rows } };
    }),
});
