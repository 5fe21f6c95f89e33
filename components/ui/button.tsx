/** The one button: variants and sizes as classes from app/globals.css; icon-only buttons need an aria-label. */
import { forwardRef, type ButtonHTMLAttributes } from "react";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: "default" | "primary" | "ghost" | "danger";
  size?: "sm" | "md" | "icon";
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "default", size = "md", className, type = "button", ...props },
  ref,
) {
  return <button ref={ref} type={type} className={["btn", `btn-${variant}`, `btn-${size}`, className].filter(Boolean).join(" ")} {...props} />;
});
