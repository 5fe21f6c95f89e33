import type { Metadata } from "next";
import type { ReactNode } from "react";
import { NoticeBar } from "@/components/layout/notice-bar";
import { SiteNav } from "@/components/layout/site-nav";
import { FleetStoreProvider } from "@/lib/store/provider";
import "./globals.css";

export const metadata: Metadata = {
  title: "MCP Fleet",
  description: "Inspect a fleet of MCP servers: collisions, aliases, flattened schemas, history and permissions.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <FleetStoreProvider>
          <SiteNav />
          <NoticeBar />
          <main className="page">{children}</main>
        </FleetStoreProvider>
      </body>
    </html>
  );
}
