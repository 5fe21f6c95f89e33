"use client";
/**
 * Reads the URL once (useSearchParams: callers sit inside a Suspense boundary, as Next 16 requires)
 * and writes changes with history.replaceState, which Next keeps in sync without a navigation. Writes
 * are debounced: Next re-renders every useSearchParams reader on each replaceState, and a keystroke
 * in a 10,000-row table should pay for one render, not two.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "next/navigation";
import { parseTableState, tableStateToParams, type DataTableState, type TableUrlSpec } from "./url-state";

/**
 * This page's own query writes: the last one, and those Next's router has not shown yet, to tell
 * them from a navigation (a link to this same page, back/forward).
 */
let lastWrite: string | null = null;
let unseenWrites: string[] = [];

export function replaceSearchParams(params: URLSearchParams): void {
  const query = params.toString();
  const url = `${window.location.pathname}${query ? `?${query}` : ""}${window.location.hash}`;
  if (url === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
  lastWrite = query;
  unseenWrites.push(query);
  // `null`, not `history.state`: Next syncs its router (useSearchParams) only for a state without its
  // own `__NA` mark; with it, the router kept the old query and a link to this same page changed nothing.
  window.history.replaceState(null, "", url);
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
  const latest = useRef<{ state: DataTableState; path: string; query: string } | null>(null);
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    // Never write a table's params onto another page, or onto a URL a navigation just brought (the
    // nav link to this same page): only onto the query as it was, or as this page last wrote it.
    const query = window.location.search.replace(/^\?/, "");
    if (latest.current && latest.current.path === window.location.pathname && (query === latest.current.query || query === lastWrite)) {
      replaceSearchParams(tableStateToParams(latest.current.state, spec, new URLSearchParams(window.location.search)));
    }
    latest.current = null;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onStateChange = useCallback(
    (state: DataTableState) => {
      latest.current = { state, path: window.location.pathname, query: window.location.search.replace(/^\?/, "") };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, URL_WRITE_DELAY_MS);
    },
    [flush],
  );
  // A pending write still lands when the view unmounts (switching views, leaving the page).
  useEffect(() => flush, [flush]);
  return { initialState, onStateChange, searchParams };
}

/**
 * A key that changes when the URL's query changes by navigation (the nav link to the page already
 * open, back/forward), not by the views' own writes. Views read the URL once, so the page remounts
 * them under this key: otherwise `/tools` could still show the filters of `/tools?server=x`.
 */
export function useUrlNavigationKey(): number {
  const query = useSearchParams().toString();
  const [key, setKey] = useState(0);
  const seen = useRef(query);
  useEffect(() => {
    if (query === seen.current) return;
    seen.current = query;
    const at = unseenWrites.indexOf(query);
    if (at >= 0) {
      unseenWrites = unseenWrites.slice(at + 1);
    } else {
      unseenWrites = [];
      setKey((k) => k + 1);
    }
  }, [query]);
  return key;
}
