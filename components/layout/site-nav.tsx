"use client";
/** The top navigation shared by every page, with the live-connection indicator at its end. */
import Link from "next/link";
import { usePathname } from "next/navigation";
import { LiveIndicator } from "./live-indicator";

export const NAV_ITEMS = [
  { href: "/", label: "Overview" },
  { href: "/collisions", label: "Collisions" },
  { href: "/tools", label: "Tools" },
  { href: "/history", label: "History" },
  { href: "/review", label: "Review" },
  { href: "/permissions", label: "Permissions" },
] as const;

export function SiteNav() {
  const pathname = usePathname() ?? "/";
  return (
    <header className="site-header">
      <Link href="/" className="brand" aria-label="MCP Fleet home">
        MCP Fleet
      </Link>
      <nav aria-label="Main">
        <ul className="nav-list">
          {NAV_ITEMS.map((item) => {
            const active = item.href === "/" ? pathname === "/" : pathname === item.href || pathname.startsWith(`${item.href}/`);
            return (
              <li key={item.href}>
                <Link href={item.href} className={active ? "nav-link active" : "nav-link"} aria-current={active ? "page" : undefined}>
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <span className="grow" />
      <LiveIndicator />
    </header>
  );
}
