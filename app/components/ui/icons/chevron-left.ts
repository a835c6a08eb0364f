import { icon } from "./icon.ts";

export const ChevronLeft = /* @__PURE__ */ icon([
  ["path", { d: "m15 18-6-6 6-6" }],
]);
