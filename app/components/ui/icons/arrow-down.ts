import { icon } from "./icon.ts";

export const ArrowDown = /* @__PURE__ */ icon([
  ["path", { d: "M12 5v14" }],
  ["path", { d: "m19 12-7 7-7-7" }],
]);
