/**
 * The look of a button, as one class string: what <Button> renders, and what a page that must stay light (the
 * public search) puts on a plain <button> without loading the class-merging library.
 */
export const buttonVariants = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 shadow-sm",
  secondary: "bg-white text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50",
  danger: "bg-red-600 text-white hover:bg-red-700 shadow-sm",
  ghost: "text-slate-700 hover:bg-slate-100",
} as const;

export const buttonSizes = {
  lg: "h-11 px-5 text-sm",
  md: "h-10 px-4 text-sm",
  sm: "h-8 px-3 text-sm",
  icon: "h-8 w-8 p-0",
} as const;

export const buttonBase =
  "inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:pointer-events-none disabled:opacity-50";

export function buttonClass({ variant = "primary", size = "md" }: { variant?: keyof typeof buttonVariants; size?: keyof typeof buttonSizes } = {}) {
  return `${buttonBase} ${buttonVariants[variant]} ${buttonSizes[size]}`;
}
