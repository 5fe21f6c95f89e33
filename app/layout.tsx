import type { Metadata } from "next";
import type { ReactNode } from "react";
import { preload } from "react-dom";
import { NoticeBar } from "@/components/layout/notice-bar";
import { SiteNav } from "@/components/layout/site-nav";
import { FLEET_INDEX_PATH } from "@/lib/api-client";
import { FleetStoreProvider } from "@/lib/store/provider";
import "./globals.css";

export const metadata: Metadata = {
  title: "MCP Fleet",
  description: "Inspect a fleet of MCP servers: collisions, aliases, flattened schemas, history and permissions.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  // Every page starts from the fleet index (lib/store): the browser fetches it while the page's scripts
  // load, instead of after them. Same mode and credentials as the store's fetch, so that fetch takes it.
  preload(FLEET_INDEX_PATH, { as: "fetch", crossOrigin: "anonymous" });
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
