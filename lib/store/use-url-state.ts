"use client";
/**
 * Reads the URL once (useSearchParams: callers sit inside a Suspense boundary, as Next 16 requires)
 * and writes changes with history.replaceState, which Next keeps in sync without a navigation: a
 * filter keystroke never waits for the router.
 */
import { useCallback, useMemo } from "react";
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

export function useTableUrlState(spec: TableUrlSpec) {
  const searchParams = useSearchParams();
  // Read once: afterwards the table owns its state and the URL follows it.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const initialState = useMemo(() => parseTableState(searchParams, spec), []);
  const onStateChange = useCallback(
    (state: DataTableState) => replaceSearchParams(tableStateToParams(state, spec, new URLSearchParams(window.location.search))),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  return { initialState, onStateChange, searchParams };
}
