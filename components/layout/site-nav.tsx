"use client";
/**
 * The top navigation shared by every page, with the live-connection indicator at its end. It sticks to
 * the top; its height (it wraps on narrow windows) is published as --site-header-height, so bars that
 * stick below it (the unsaved permission changes) are never drawn under it.
 */
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { ProfileLink } from "@/components/profiles/profile-link";
import { ProfileSwitch } from "@/components/profiles/profile-switch";
import { LiveIndicator } from "./live-indicator";

export const NAV_ITEMS = [
  { href: "/", label: "Overview" },
  { href: "/collisions", label: "Collisions" },
  { href: "/tools", label: "Tools" },
  { href: "/history", label: "History" },
  { href: "/review", label: "Review" },
  { href: "/permissions", label: "Permissions" },
  { href: "/cost", label: "Cost" },
  { href: "/profiles", label: "Profiles" },
] as const;

export function SiteNav() {
  const pathname = usePathname() ?? "/";
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const publish = () => document.documentElement.style.setProperty("--site-header-height", `${element.getBoundingClientRect().height}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <header className="site-header" ref={header}>
      <Link href="/" className="brand" aria-label="MCP Fleet home">
        MCP Fleet
      </Link>
      <nav aria-label="Main">
        <ul className="nav-list">
          {NAV_ITEMS.map((item) => {
            const active = item.href === "/" ? pathname === "/" : pathname === item.href || pathname.startsWith(`${item.href}/`);
            return (
              <li key={item.href}>
                <ProfileLink href={item.href} className={active ? "nav-link active" : "nav-link"} aria-current={active ? "page" : undefined}>
                  {item.label}
                </ProfileLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <span className="grow" />
      <ProfileSwitch />
      <LiveIndicator />
    </header>
  );
}
