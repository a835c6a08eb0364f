import type { ReactNode } from "react";

/** Above a screen: the record its URL names (?query=, ?hide=, ?with=) is not there, so its panel does not open. */
export function MissingNotice({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
      {children}
    </div>
  );
}
