/**
 * lib/profiles: task profiles (docs/profiles.md), pure: the `mcp-fleet.json` text read and written, a
 * profile's own fleet (collisions, exposed names, fleet hash), and suggestions that remove every collision.
 */
export * from "./profiles-file";
export { profileToolLists, summarizeProfile, type ProfileSummary } from "./profile-fleet";
export { suggestProfiles, withSavings, type ProfileSuggestion } from "./suggest";
export { profilesOverview, type ProfilesOverview, type ProfilesView, type ProfileCostSummary, type OverviewInput } from "./overview";
