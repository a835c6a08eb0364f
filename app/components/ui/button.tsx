import { Slot } from "@radix-ui/react-slot";
import type { ComponentProps } from "react";
import { cn } from "#app/lib/cn.ts";
import { buttonBase, buttonSizes as sizes, buttonVariants as variants } from "./button-class.ts";

export type ButtonProps = ComponentProps<"button"> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  asChild?: boolean;
};

export function Button({ variant = "primary", size = "md", asChild, className, type = "button", ...props }: ButtonProps) {
  const Component = asChild ? Slot : "button";
  return (
    <Component
      type={asChild ? undefined : type}
      className={cn(
        buttonBase,
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}
