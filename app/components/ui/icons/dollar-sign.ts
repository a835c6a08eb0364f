import { icon } from "./icon.ts";

export const DollarSign = /* @__PURE__ */ icon([
  ["path", { d: "M12 3v18" }],
  ["path", { d: "M17 5H9.5a1 1 0 000 7h5a1 1 0 010 7H6" }],
]);
