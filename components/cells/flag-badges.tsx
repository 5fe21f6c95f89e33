/** A tool's flags as badges, from the same option list the faceted filter reads. */
import { Badge } from "@/components/ui/badge";
import { flagOptions, type ToolFlag } from "./options";

export function FlagBadges({ flags }: { flags: ToolFlag[] }) {
  if (flags.length === 0) return <span className="muted">—</span>;
  return (
    <span className="badge-row">
      {flagOptions
        .filter((option) => flags.includes(option.value))
        .map((option) => {
          const Icon = option.icon;
          return (
            <Badge key={option.value} tone={option.tone} title={option.hint} data-flag={option.value}>
              <Icon /> {option.label}
            </Badge>
          );
        })}
    </span>
  );
}
