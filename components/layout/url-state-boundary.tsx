"use client";
/**
 * Remounts a page's views when its URL query changes by navigation (filters live in the URL),
 * so the view shown is always the one its URL describes. Sits inside the page's Suspense boundary.
 */
import { Fragment, type ReactNode } from "react";
import { useUrlNavigationKey } from "@/lib/store/use-url-state";

export function UrlStateBoundary({ children }: { children: ReactNode }) {
  return <Fragment key={useUrlNavigationKey()}>{children}</Fragment>;
}
