"use client";
/**
 * Reads the URL once (useSearchParams: callers sit inside a Suspense boundary, as Next 16 requires)
 * and writes changes with history.replaceState, which Next keeps in sync without a navigation. Writes
 * are debounced: Next re-renders every useSearchParams reader on each replaceState, and a keystroke
 * in a 10,000-row table should pay for one render, not two.
 */
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useSearchParams } from "next/navigation";
import { parseTableState, tableStateToParams, type DataTableState, type TableUrlSpec } from "./url-state";

export function replaceSearchParams(params: URLSearchParams): void {
  const query = params.toString();
  const url = `${window.location.pathname}${query ? `?${query}` : ""}${window.location.hash}`;
  if (url !== `${window.location.pathname}${window.location.search}${window.location.hash}`) window.history.replaceState(window.history.state, "", url);
}

/** Sets (or with null removes) one search param, keeping the others. */
export function setSearchParam(name: string, value: string | null): void {
  const params = new URLSearchParams(window.location.search);
  if (value === null || value === "") params.delete(name);
  else params.set(name, value);
  replaceSearchParams(params);
}

export const URL_WRITE_DELAY_MS = 250;

export function useTableUrlState(spec: TableUrlSpec) {
  const searchParams = useSearchParams();
  // Read once: afterwards the table owns its state and the URL follows it.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const initialState = useMemo(() => parseTableState(searchParams, spec), []);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef<{ state: DataTableState; path: string } | null>(null);
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    // Never write a table's params onto another page the user has moved to.
    if (latest.current && latest.current.path === window.location.pathname) {
      replaceSearchParams(tableStateToParams(latest.current.state, spec, new URLSearchParams(window.location.search)));
    }
    latest.current = null;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onStateChange = useCallback(
    (state: DataTableState) => {
      latest.current = { state, path: window.location.pathname };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, URL_WRITE_DELAY_MS);
    },
    [flush],
  );
  // A pending write still lands when the view unmounts (switching views, leaving the page).
  useEffect(() => flush, [flush]);
  return { initialState, onStateChange, searchParams };
}
