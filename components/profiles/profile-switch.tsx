"use client";
/**
 * The profile switch in the navigation (docs/profiles.md): "All servers" or one profile of mcp-fleet.json,
 * kept in the URL as `?profile=` so the nav links, the cost bar and the /cost page all follow it. A name
 * the file does not have stays shown as unknown; the pages say so and show every server.
 */
import { Suspense, useEffect } from "react";
import { useFleetStore } from "@/lib/store/hooks";
import styles from "./profiles.module.css";
import { chooseProfile, useProfileParam } from "./use-profile-param";

const ALL = "";

function SwitchShell({ names, value, unknown, disabled, onChange }: { names: string[]; value: string; unknown: boolean; disabled?: boolean; onChange?: (value: string) => void }) {
  return (
    <label className={styles.switch}>
      Profile
      <select
        className={styles.select}
        value={value}
        disabled={disabled}
        aria-invalid={unknown || undefined}
        data-testid="profile-switch"
        title={unknown ? `No profile "${value}" in mcp-fleet.json: every server is shown` : undefined}
        onChange={(e) => onChange?.(e.target.value)}
      >
        <option value={ALL}>All servers</option>
        {names.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
        {unknown ? <option value={value}>{value} (unknown)</option> : null}
      </select>
    </label>
  );
}

function LiveSwitch() {
  const profile = useProfileParam();
  const profiles = useFleetStore((s) => s.profiles);
  const loadProfiles = useFleetStore((s) => s.loadProfiles);
  const loaded = profiles !== null;
  useEffect(() => {
    if (!loaded) void loadProfiles("claude-code");
  }, [loaded, loadProfiles]);
  const names = profiles?.profiles.map((p) => p.name) ?? [];
  const unknown = profile !== null && loaded && !names.includes(profile);
  return (
    <SwitchShell
      names={loaded || profile === null ? names : [profile]}
      value={profile ?? ALL}
      unknown={unknown}
      onChange={(value) => chooseProfile(value === ALL ? null : value)}
    />
  );
}

export function ProfileSwitch() {
  return (
    <Suspense fallback={<SwitchShell names={[]} value={ALL} unknown={false} disabled />}>
      <LiveSwitch />
    </Suspense>
  );
}
