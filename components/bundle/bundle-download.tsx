"use client";
/**
 * The Agent SDK bundle as a download (docs/bundle.md): `index.ts` for a host built on @anthropic-ai/sdk,
 * of the whole fleet or of the profile the URL names (`?profile=`). A plain link: the browser sends the
 * launcher's cookie with it, and the route answers the file as an attachment.
 */
import { useSearchParams } from "next/navigation";
import { DownloadIcon } from "@/components/ui/icons";

export function bundleHref(profile: string | null): string {
  return profile ? `/api/bundle?profile=${encodeURIComponent(profile)}` : "/api/bundle";
}

export function BundleDownload() {
  const profile = useSearchParams().get("profile");
  return (
    <a
      className="btn btn-default btn-sm"
      href={bundleHref(profile)}
      download="index.ts"
      data-testid="bundle-download"
      title={`index.ts for a host built on @anthropic-ai/sdk: the tools array, alias maps, full-name hint, fleet hash and a dispatcher${profile ? `, for profile ${profile}` : ""}`}
    >
      <DownloadIcon /> Agent SDK bundle
    </a>
  );
}
