import { icon } from "./icon.ts";

export const Plus = /* @__PURE__ */ icon([
  ["path", { d: "M5 12h14" }],
  ["path", { d: "M12 5v14" }],
]);
