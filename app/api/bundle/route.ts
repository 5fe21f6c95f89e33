/** `GET /api/bundle?profile=<name>`: the Agent SDK bundle of the live fleet (docs/bundle.md) as the download `index.ts`. */
import { BUNDLE_FILE_NAME } from "@/lib/bundle";
import { getBundle } from "@/lib/server/bundle";
import { apiRoute } from "@/lib/server/route";
import { parseBundleQuery } from "./schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = apiRoute("bundle", async (request: Request) => {
  const { profile } = parseBundleQuery(new URL(request.url));
  const bundle = await getBundle(profile);
  return new Response(bundle.text, {
    headers: {
      "Content-Type": "text/typescript; charset=utf-8",
      "Content-Disposition": `attachment; filename="${BUNDLE_FILE_NAME}"`,
      "Cache-Control": "no-store",
      "X-Fleet-Hash": bundle.fleetHash,
    },
  });
});
