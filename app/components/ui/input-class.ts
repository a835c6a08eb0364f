/**
 * The look of a text input (app.css `.ui-input`, a components-layer class), shared by forms (field.tsx) and the
 * public pages' search boxes. A utility added beside it wins (`${inputClass} h-11 pl-9 text-base`).
 */
export const inputClass = "ui-input";
