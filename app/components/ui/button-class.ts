/**
 * The look of a button, as one class string: what <Button> renders, and what a link or a plain <button> puts on to
 * look like one. The styles are components-layer classes (app.css, `.ui-btn*`): a utility added beside them always
 * wins (`${buttonClass()} mt-4`, `<Button className="h-11 px-6">`), so no class-merging library is needed.
 */
export const buttonVariants = {
  primary: "ui-btn-primary",
  secondary: "ui-btn-secondary",
  danger: "ui-btn-danger",
  ghost: "ui-btn-ghost",
} as const;

export const buttonSizes = {
  lg: "ui-btn-lg",
  md: "ui-btn-md",
  sm: "ui-btn-sm",
  icon: "ui-btn-icon",
} as const;

export const buttonBase = "ui-btn";

export function buttonClass({ variant = "primary", size = "md" }: { variant?: keyof typeof buttonVariants; size?: keyof typeof buttonSizes } = {}) {
  return `${buttonBase} ${buttonVariants[variant]} ${buttonSizes[size]}`;
}
