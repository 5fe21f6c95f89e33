"use client";
/**
 * A link that carries the chosen profile (`?profile=`) to the page it opens, so switching pages keeps the
 * task one is looking at. Before the URL can be read (the prerendered shell) it is the plain link.
 */
import Link from "next/link";
import { Suspense, type ComponentProps } from "react";
import { withProfile } from "./profile-href";
import { useProfileParam } from "./use-profile-param";

type ProfileLinkProps = Omit<ComponentProps<typeof Link>, "href"> & { href: string };

function LinkWithProfile({ href, ...props }: ProfileLinkProps) {
  return <Link href={withProfile(href, useProfileParam())} {...props} />;
}

export function ProfileLink(props: ProfileLinkProps) {
  return (
    <Suspense fallback={<Link {...props} />}>
      <LinkWithProfile {...props} />
    </Suspense>
  );
}
