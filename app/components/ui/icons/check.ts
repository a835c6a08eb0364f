import { icon } from "./icon.ts";

export const Check = /* @__PURE__ */ icon([
  ["path", { d: "M20 6 9 17l-5-5" }],
]);
