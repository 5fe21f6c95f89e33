"use client";
/**
 * The profile the URL names (`?profile=`), and a setter that keeps every other param. Callers sit inside
 * a Suspense boundary, as Next requires of useSearchParams.
 */
import { useSearchParams } from "next/navigation";
import { setSearchParam } from "@/lib/store/use-url-state";
import { PROFILE_PARAM, profileOf } from "./profile-href";

export function useProfileParam(): string | null {
  return profileOf(useSearchParams());
}

/** Chooses a profile (null: all servers) for the page shown, in place: the views read it from the URL. */
export function chooseProfile(profile: string | null): void {
  setSearchParam(PROFILE_PARAM, profile);
}
