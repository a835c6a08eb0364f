import { parseWithZod } from "@conform-to/zod/v4";
import fc from "fast-check";
import type { z } from "zod";

/**
 * Half-filled input for any zod form schema: the combinations a person produces while filling a form in (one field
 * filled, the next still empty; a row added with only its date; a range with one end), read from the schema itself, so
 * a new field or form is swept without a test naming it.
 */

/** One field a form sends: its conform name (`overrides[0].start`) and its own schema. */
export type Leaf = { name: string; schema: z.ZodType };

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

export const isZodSchema = (value: unknown): value is z.ZodType =>
  typeof value === "object" && value !== null && "_zod" in value && typeof (value as { safeParse?: unknown }).safeParse === "function";

/** The fields of a schema, in their order; a list gets two entries (two rows can clash: overlapping hours). */
export function leavesOf(schema: z.ZodType, name = ""): Leaf[] {
  const def = defOf(schema);
  const join = (key: string) => (name ? `${name}.${key}` : key);
  switch (def.type) {
    case "object":
      return Object.entries(def.shape ?? {}).flatMap(([key, field]) => leavesOf(field, join(key)));
    case "array":
      return name ? [...leavesOf(def.element!, `${name}[0]`), ...leavesOf(def.element!, `${name}[1]`)] : [];
    case "pipe":
      // A preprocess (transform → schema) reads what the schema after it reads; any other pipe reads its input.
      return defOf(def.in!).type === "transform" ? leavesOf(def.out!, name) : leavesOf(def.in!, name);
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      return leavesOf(def.innerType!, name);
    case "union": {
      const merged = new Map<string, Leaf>();
      for (const option of def.options ?? []) for (const leaf of leavesOf(option, name)) if (!merged.has(leaf.name)) merged.set(leaf.name, leaf);
      return [...merged.values()];
    }
    default:
      return name ? [{ name, schema }] : [];
  }
}

/** The values a leaf's own schema names (enum entries, literals), found through its wrappers. */
function namedValues(schema: z.ZodType): string[] {
  const def = defOf(schema);
  if (def.type === "enum") return Object.values(def.entries ?? {}).map(String);
  if (def.type === "literal") return (def.values ?? []).map(String);
  if (def.type === "union") return (def.options ?? []).flatMap(namedValues);
  if (def.type === "pipe") return [...namedValues(def.in!), ...namedValues(def.out!)];
  if (def.innerType) return namedValues(def.innerType);
  return [];
}

/**
 * What people type, and what they type wrongly: times, dates, amounts, names with apostrophes and accents, phone
 * numbers as written, links, e-mail addresses, passwords, long and odd text.
 */
export const TYPED = [
  "",
  " ",
  "0",
  "1",
  "2",
  "5",
  "15",
  "24",
  "30",
  "60",
  "-1",
  "1.5",
  "42.50",
  "99999",
  "abc",
  "on",
  "true",
  "09:00",
  "09:15",
  "17:00",
  "00:00",
  "24:00",
  "9",
  "2026-12-24",
  "2099-06-30",
  "2026-02-30",
  "2026-11",
  "America/Chicago",
  "Mary O'Connor",
  "José Núñez",
  "Senior Pastor (retired)",
  "(503) 555-0147",
  "+44 20 7946 0958",
  "ruth@example.org",
  "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  "https://example.org/a",
  "Grace#2026",
  "Passw0rd!",
  "DELETE",
  "A sentence long enough to pass any minimum length a text area sets for itself.",
  "x".repeat(600),
  "<script>",
  "[]",
  "{}",
];

/** The form as conform reads it: every named value, an empty one included. */
export function formDataOf(values: Record<string, string | undefined>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) if (value !== undefined) form.append(name, value);
  return form;
}

/** The same values as a JSON client sends them: nested objects and lists (`a[0].b`), empty as absent or null. */
export function jsonOf(values: Record<string, string | undefined>, empty: "absent" | "null" = "absent") {
  const root: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || (value === "" && empty === "absent")) continue;
    const keys = name.split(/\.|\[(\d+)\]/).filter((key) => key !== undefined && key !== "");
    let node: Record<string, unknown> | unknown[] = root;
    keys.forEach((key, index) => {
      const last = index === keys.length - 1;
      const slot = key as unknown as number;
      if (last) (node as Record<string, unknown>)[slot] = value === "" ? null : value;
      else {
        const nextIsIndex = /^\d+$/.test(keys[index + 1]);
        (node as Record<string, unknown>)[slot] ??= nextIsIndex ? [] : {};
        node = (node as Record<string, Record<string, unknown>>)[slot];
      }
    });
  }
  return root;
}

/**
 * A value each field accepts after the fields above it (no message about that field when the form holds it and the
 * values chosen above), found by trying the field's named values, then what people type; a field that accepts none of
 * them gets its first named value, or "x".
 */
export function acceptedValues(schema: z.ZodType, leaves: Leaf[], fixed: Record<string, string> = {}) {
  const accepted: Record<string, string> = {};
  for (const leaf of leaves) {
    const candidates = [...namedValues(leaf.schema), ...TYPED.filter((value) => value.trim() !== "")];
    const fits = (value: string) => {
      const result = parseWithZod(formDataOf({ ...fixed, ...accepted, [leaf.name]: value }), { schema });
      const errors = result.status === "error" ? result.error : undefined;
      return !errors?.[leaf.name];
    };
    accepted[leaf.name] = candidates.find(fits) ?? candidates[0] ?? "x";
  }
  return accepted;
}

/**
 * The forms a person has in front of them while filling this one in: top to bottom, the first k fields filled and the
 * rest still empty, for every k (and the rest not sent at all, as a row JavaScript added); a whole form with one field
 * still empty or missing; a whole form with a row's last fields still empty (a date with no times yet, a range with one
 * end); each field filled alone.
 */
export function halfFilled(schema: z.ZodType, fixed: Record<string, string> = {}) {
  const leaves = leavesOf(schema).filter((leaf) => !(leaf.name in fixed));
  const accepted = acceptedValues(schema, leaves, fixed);
  const form = (valueOf: (leaf: Leaf, index: number) => string | undefined) => {
    const values: Record<string, string | undefined> = { ...fixed };
    leaves.forEach((leaf, index) => {
      const value = valueOf(leaf, index);
      if (value !== undefined) values[leaf.name] = value;
    });
    return values;
  };
  const forms: Array<Record<string, string | undefined>> = [];
  for (let filled = 0; filled <= leaves.length; filled++) {
    forms.push(form((leaf, index) => (index < filled ? accepted[leaf.name] : "")), form((leaf, index) => (index < filled ? accepted[leaf.name] : undefined)));
  }
  const rowOf = (leaf: Leaf) => leaf.name.slice(0, Math.max(0, leaf.name.lastIndexOf(".")));
  leaves.forEach((gap, gapIndex) => {
    for (const rest of ["", undefined]) {
      forms.push(form((leaf) => (leaf === gap ? rest : accepted[leaf.name])));
      const row = rowOf(gap);
      if (row) forms.push(form((leaf, index) => (rowOf(leaf) === row && index >= gapIndex ? rest : accepted[leaf.name])));
    }
  });
  for (const leaf of leaves) forms.push({ ...fixed, [leaf.name]: accepted[leaf.name] });
  return { leaves, accepted, forms };
}

/** A whole form with one field changed to each value people type (or left empty, or not sent). */
export function oneFieldTyped(schema: z.ZodType, fixed: Record<string, string> = {}) {
  const { leaves, accepted } = halfFilled(schema, fixed);
  const base = { ...fixed, ...accepted };
  return leaves.flatMap((leaf) => [...namedValues(leaf.schema), ...TYPED, undefined].map((value) => ({ ...base, [leaf.name]: value })));
}

/** Any mix of typed values, empty fields and absent fields, as fast-check draws them (mostly accepted ones). */
export function typedForms(schema: z.ZodType, fixed: Record<string, string> = {}) {
  const leaves = leavesOf(schema).filter((leaf) => !(leaf.name in fixed));
  const accepted = acceptedValues(schema, leaves, fixed);
  const field = (leaf: Leaf) =>
    fc.oneof(
      { arbitrary: fc.constant(accepted[leaf.name]), weight: 4 },
      { arbitrary: fc.constantFrom(undefined, ""), weight: 1 },
      { arbitrary: fc.constantFrom(...namedValues(leaf.schema), ...TYPED), weight: 1 },
    );
  return fc.record(Object.fromEntries(leaves.map((leaf) => [leaf.name, field(leaf)]))).map((values) => ({ ...fixed, ...values }) as Record<string, string | undefined>);
}

/**
 * Runs a schema as the browser's live validation does (conform over FormData) and as the API does (zod over JSON,
 * empty fields absent or null): whatever it answers, it must not throw.
 */
export function checkEveryWay(schema: z.ZodType, values: Record<string, string | undefined>) {
  parseWithZod(formDataOf(values), { schema });
  schema.safeParse(jsonOf(values, "absent"));
  schema.safeParse(jsonOf(values, "null"));
}
