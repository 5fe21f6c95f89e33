/**
 * The chosen task profile lives in the URL (`?profile=review`, docs/profiles.md), so a view can be shared
 * and the nav links carry it from page to page. Pure: reading the param and putting it on a link.
 */

export const PROFILE_PARAM = "profile";

/** The profile a URL names, or null for all servers (absent or empty). */
export function profileOf(params: Pick<URLSearchParams, "get">): string | null {
  const value = params.get(PROFILE_PARAM)?.trim();
  return value ? value : null;
}

/** `href` with `?profile=` set to `profile` (or removed for null), its other params and its hash kept. */
export function withProfile(href: string, profile: string | null): string {
  const hashAt = href.indexOf("#");
  const hash = hashAt >= 0 ? href.slice(hashAt) : "";
  const rest = hashAt >= 0 ? href.slice(0, hashAt) : href;
  const queryAt = rest.indexOf("?");
  const path = queryAt >= 0 ? rest.slice(0, queryAt) : rest;
  const params = new URLSearchParams(queryAt >= 0 ? rest.slice(queryAt + 1) : "");
  if (profile) params.set(PROFILE_PARAM, profile);
  else params.delete(PROFILE_PARAM);
  const query = params.toString();
  return `${path}${query ? `?${query}` : ""}${hash}`;
}
