/**
 * Small inline SVG icons (no icon package is installed). Decorative: `aria-hidden`, so the
 * control that holds one must carry its own label.
 */
import type { SVGProps } from "react";

type IconProps = SVGProps<SVGSVGElement>;

function Svg({ children, ...props }: IconProps) {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...props}>
      {children}
    </svg>
  );
}

export const CopyIcon = (p: IconProps) => <Svg {...p}><rect x="5" y="5" width="9" height="9" rx="1.5" /><path d="M3 11V3.5A1.5 1.5 0 0 1 4.5 2H11" /></Svg>;
export const CheckIcon = (p: IconProps) => <Svg {...p}><path d="M3 8.5l3 3 7-7" /></Svg>;
export const CollideIcon = (p: IconProps) => <Svg {...p}><path d="M2 5h6M2 11h6M8 5l3 3-3 3M11 8h3" /></Svg>;
export const RenameIcon = (p: IconProps) => <Svg {...p}><path d="M2 13h3l7.5-7.5-3-3L2 10z" /><path d="M8 4l3 3" /></Svg>;
export const FlattenIcon = (p: IconProps) => <Svg {...p}><path d="M2 4h12M2 8h12M2 12h12" /></Svg>;
export const ExcludeIcon = (p: IconProps) => <Svg {...p}><circle cx="8" cy="8" r="6" /><path d="M4 12l8-8" /></Svg>;
export const CutIcon = (p: IconProps) => <Svg {...p}><circle cx="4" cy="12" r="2" /><circle cx="12" cy="12" r="2" /><path d="M5.5 10.5L12 2M10.5 10.5L4 2" /></Svg>;
export const WarningIcon = (p: IconProps) => <Svg {...p}><path d="M8 2l6.5 11.5h-13z" /><path d="M8 6.5v3M8 11.5v.01" /></Svg>;
export const ReadyIcon = (p: IconProps) => <Svg {...p}><circle cx="8" cy="8" r="6" /><path d="M5 8.3l2 2 4-4" /></Svg>;
export const ErrorIcon = (p: IconProps) => <Svg {...p}><circle cx="8" cy="8" r="6" /><path d="M6 6l4 4M10 6l-4 4" /></Svg>;
export const SpinnerIcon = (p: IconProps) => <Svg {...p}><path d="M8 2a6 6 0 1 0 6 6" /></Svg>;
export const PauseIcon = (p: IconProps) => <Svg {...p}><circle cx="8" cy="8" r="6" /><path d="M6.5 5.5v5M9.5 5.5v5" /></Svg>;
export const ChevronIcon = (p: IconProps) => <Svg {...p}><path d="M6 4l4 4-4 4" /></Svg>;
export const SortIcon = (p: IconProps & { sortDirection: false | "asc" | "desc" }) => {
  const { sortDirection: direction, ...rest } = p;
  return (
    <Svg {...rest}>
      {direction !== "desc" && <path d="M5 6.5L8 3.5l3 3" opacity={direction === "asc" ? 1 : 0.4} />}
      {direction !== "asc" && <path d="M5 9.5l3 3 3-3" opacity={direction === "desc" ? 1 : 0.4} />}
    </Svg>
  );
};
export const FilterIcon = (p: IconProps) => <Svg {...p}><path d="M2 3h12l-4.5 5.5V13l-3-1.5v-3z" /></Svg>;
export const ColumnsIcon = (p: IconProps) => <Svg {...p}><rect x="2" y="3" width="12" height="10" rx="1" /><path d="M6 3v10M10 3v10" /></Svg>;
export const DownloadIcon = (p: IconProps) => <Svg {...p}><path d="M8 2v8M4.5 7L8 10.5 11.5 7M3 13.5h10" /></Svg>;
export const ReloadIcon = (p: IconProps) => <Svg {...p}><path d="M13 8a5 5 0 1 1-1.5-3.5M13 2.5V5h-2.5" /></Svg>;
export const TrashIcon = (p: IconProps) => <Svg {...p}><path d="M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.7 9h5.6l.7-9" /></Svg>;
export const CloseIcon = (p: IconProps) => <Svg {...p}><path d="M4 4l8 8M12 4l-8 8" /></Svg>;
