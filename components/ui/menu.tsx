"use client";
/**
 * A disclosure menu on <details>/<summary> (keyboard reachable without a popover library) that also
 * closes on Escape (focus back on its button) and on a click outside it. The panel is rendered only
 * while open, so what it computes (facet counts over 10,000 rows) costs nothing while typing.
 */
import { useEffect, useRef, useState, type ReactNode } from "react";

export function Menu({ summary, summaryLabel, align = "left", testId, children }: { summary: ReactNode; summaryLabel: string; align?: "left" | "right"; testId?: string; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    function onPointerDown(event: PointerEvent) {
      const details = ref.current;
      if (details?.open && !details.contains(event.target as Node)) details.open = false;
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, []);
  return (
    <details
      ref={ref}
      className={align === "right" ? "menu menu-right" : "menu"}
      data-testid={testId}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !ref.current?.open) return;
        ref.current.open = false;
        ref.current.querySelector("summary")?.focus();
        event.stopPropagation();
      }}
    >
      <summary className="btn btn-default btn-sm" aria-label={summaryLabel}>
        {summary}
      </summary>
      {open ? children : null}
    </details>
  );
}
