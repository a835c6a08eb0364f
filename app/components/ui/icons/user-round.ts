import { icon } from "./icon.ts";

export const UserRound = /* @__PURE__ */ icon([
  ["circle", { cx: "12", cy: "8", r: "5" }],
  ["path", { d: "M20 21a8 8 0 0 0-16 0" }],
]);
