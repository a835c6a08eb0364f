import { icon } from "./icon.ts";

export const ChevronDown = /* @__PURE__ */ icon([
  ["path", { d: "m6 9 6 6 6-6" }],
]);
