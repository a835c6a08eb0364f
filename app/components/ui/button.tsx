import { clsx } from "clsx";
import { cloneElement, isValidElement, type ComponentProps, type ReactElement, type Ref } from "react";
import { buttonBase, buttonSizes as sizes, buttonVariants as variants } from "./button-class.ts";

export type ButtonProps = ComponentProps<"button"> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the one child (a <Link>, an <a>) with the button's look and props, instead of a <button>. */
  asChild?: boolean;
};

/**
 * A button. Its look is components-layer classes (app.css `.ui-btn*`), so a caller's utilities win over it
 * (`className="h-11 px-6"`) by the cascade alone: the public pages load no class-merging library for it.
 */
export function Button({ variant = "primary", size = "md", asChild, className, type = "button", children, ...props }: ButtonProps) {
  const classes = clsx(buttonBase, variants[variant], sizes[size], className);
  if (asChild && isValidElement(children)) return slot(children as ReactElement<Record<string, unknown>>, { ...props, className: classes });
  return <button type={type} className={classes} {...props}>{children}</button>;
}

/**
 * `asChild` (as Radix's Slot, without loading it): the child gets the button's props; its own event handlers run
 * first and then the button's, its className, style and ref are combined with the button's, its other props win.
 */
function slot(child: ReactElement<Record<string, unknown>>, props: Record<string, unknown>) {
  const own = child.props;
  const merged: Record<string, unknown> = { ...props, ...own };
  for (const [name, value] of Object.entries(props)) {
    const mine = own[name];
    if (/^on[A-Z]/.test(name) && typeof value === "function" && typeof mine === "function") {
      merged[name] = (...args: unknown[]) => {
        const result = mine(...args);
        value(...args);
        return result;
      };
    } else if (name === "style" && mine) merged.style = { ...(value as object), ...(mine as object) };
    else if (name === "className") merged.className = clsx(value as string, mine as string | undefined);
    else if (name === "ref" && mine) merged.ref = composeRefs(value as Ref<unknown>, mine as Ref<unknown>);
  }
  return cloneElement(child, merged);
}

function composeRefs(...refs: Ref<unknown>[]) {
  return (node: unknown) => {
    for (const ref of refs) {
      if (typeof ref === "function") ref(node);
      else if (ref) (ref as { current: unknown }).current = node;
    }
  };
}
