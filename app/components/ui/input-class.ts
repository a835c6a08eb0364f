/** The look of a text input, shared by forms (field.tsx) and the public pages' search boxes (no class-merging library needed). */
export const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-2 focus:outline-offset-0 focus:outline-brand-200 aria-[invalid=true]:border-red-500";
