import { X } from "#app/components/ui/icons.ts";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Form, Link, useNavigate, useSubmit } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { KeepParams } from "#app/components/ui/data-table.tsx";
import { inputClass } from "#app/components/ui/field.tsx";
import { withoutEmpty } from "#app/components/ui/filter-bar.tsx";
import { useSearchHref } from "#app/components/ui/route-dialog.tsx";
import { cn } from "#app/lib/cn.ts";
import type { PersonChoice } from "#app/modules/users/schema.ts";

export type PersonPickerConfig = {
  label: string;
  /** What the people are called in the plural ("guides"). */
  plural: string;
  /** The list's filter, `?guideId=`. */
  param: string;
  /** The search the form submits, which the loader answers with matching people (`typed`). */
  searchParam: string;
  /** Where suggestions come from while one types: JSON `{people}` for `?search=`. */
  suggestions: string;
};

/** Waits this long after the last keystroke before asking for suggestions. */
const SUGGEST_DELAY_MS = 200;

/**
 * A list filter by one person among thousands: a search box instead of a select of everyone.
 * Without JavaScript it is a GET form: the loader answers the submitted name with links to the matching people
 * (`typed`). With JavaScript it is also a combobox (the ARIA pattern) that suggests people as one types: the arrow
 * keys move through them, Enter chooses one, Escape closes the list (and a second Escape restores the input).
 * Either way the choice is `?{param}=id`, and the chosen person shows by name. Submitting a search or an empty
 * box lets go of the current choice.
 */
export function PersonPicker({
  picker,
  chosen,
  typed,
}: {
  picker: PersonPickerConfig;
  chosen: { id: number; name: string } | null;
  typed: { term: string; people: PersonChoice[] } | null;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const submit = useSubmit();
  const searchHref = useSearchHref();
  const shown = typed?.term ?? chosen?.name ?? "";
  const [text, setText] = useState(shown);
  // A new choice or search from the server (a link, back/forward) replaces what was typed, keeping the focus.
  const [shownBefore, setShownBefore] = useState(shown);
  if (shown !== shownBefore) {
    setShownBefore(shown);
    setText(shown);
  }
  const [options, setOptions] = useState<PersonChoice[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const pending = useRef<{ timer?: ReturnType<typeof setTimeout>; request?: AbortController }>({});
  const cancel = () => {
    clearTimeout(pending.current.timer);
    pending.current.request?.abort();
  };
  useEffect(() => cancel, []);

  const listId = `${id}-options`;
  const optionId = (person: PersonChoice) => `${id}-option-${person.id}`;
  const activeOption = open ? options[active] : undefined;
  useEffect(() => {
    if (activeOption) document.getElementById(optionId(activeOption))?.scrollIntoView({ block: "nearest" });
  });
  const hrefFor = (personId: number | null) => searchHref({ [picker.param]: personId, [picker.searchParam]: null, page: null });

  function suggest(term: string) {
    cancel();
    setActive(-1);
    if (!term.trim()) {
      setOpen(false);
      setOptions([]);
      return;
    }
    pending.current.timer = setTimeout(async () => {
      const request = new AbortController();
      pending.current.request = request;
      try {
        const response = await fetch(`${picker.suggestions}?${new URLSearchParams({ search: term.trim() })}`, { signal: request.signal });
        if (!response.ok) return;
        const { people } = (await response.json()) as { people: PersonChoice[] };
        setOptions(people);
        setOpen(true);
      } catch {
        // Cancelled by the next keystroke, or the session ended (a sign-in page, not JSON): no suggestions; the form still works.
      }
    }, SUGGEST_DELAY_MS);
  }

  function choose(person: PersonChoice) {
    cancel();
    setOpen(false);
    setText(person.name);
    navigate(hrefFor(person.id), { preventScrollReset: true });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = options.length;
    if ((event.key === "ArrowDown" || event.key === "ArrowUp") && count) {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setOpen(true);
      setActive((index) => (index < 0 ? (step > 0 ? 0 : count - 1) : (index + step + count) % count));
    } else if (event.key === "Enter" && activeOption) {
      event.preventDefault();
      choose(activeOption);
    } else if (event.key === "Escape") {
      event.preventDefault();
      if (open) setOpen(false);
      else setText(shown);
    }
  }

  const combobox = hydrated
    ? {
        role: "combobox",
        "aria-expanded": open,
        "aria-controls": listId,
        "aria-autocomplete": "list" as const,
        "aria-activedescendant": activeOption ? optionId(activeOption) : undefined,
      }
    : {};

  return (
    <Form
      method="get"
      preventScrollReset
      className="grid gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        cancel();
        setOpen(false);
        submit(withoutEmpty(event.currentTarget), { method: "get", preventScrollReset: true });
      }}
    >
      <KeepParams except={[picker.param, picker.searchParam]} />
      <label htmlFor={id} className="text-xs font-medium text-slate-600">{picker.label}</label>
      <div className="relative sm:w-64">
        <input
          id={id}
          name={picker.searchParam}
          type="text"
          autoComplete="off"
          placeholder={`Search ${picker.plural} by name`}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            suggest(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          className={cn(inputClass, "h-9 py-1", chosen && "pr-9")}
          {...combobox}
        />
        {chosen ? (
          <Link
            to={hrefFor(null)}
            preventScrollReset
            aria-label={`Remove filter: ${picker.label}: ${chosen.name}`}
            className="absolute right-1.5 top-1/2 -translate-y-1/2 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          >
            <X className="size-4" />
          </Link>
        ) : null}
        {hydrated ? (
          <div hidden={!open} className="absolute inset-x-0 z-20 mt-1 rounded-md border border-slate-200 bg-white py-1 shadow-lg">
            <ul id={listId} role="listbox" aria-label={`${picker.label} suggestions`} className="max-h-72 overflow-y-auto">
              {options.map((person, index) => (
                <li
                  key={person.id}
                  id={optionId(person)}
                  role="option"
                  aria-selected={index === active}
                  // Keeps the focus in the input, so its blur does not close the list before the click lands.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(person)}
                  className={cn("cursor-pointer px-3 py-2 text-sm", index === active ? "bg-brand-50" : "hover:bg-slate-50")}
                >
                  <span className="block font-medium text-slate-900">{person.name}</span>
                  <span className="block truncate text-xs text-slate-500">{person.email}</span>
                </li>
              ))}
            </ul>
            {options.length ? null : <p className="px-3 py-2 text-sm text-slate-500">No {picker.plural} found</p>}
          </div>
        ) : null}
      </div>
      <p role="status" className="sr-only">{open ? `${options.length || "No"} ${picker.plural} found` : ""}</p>
      <noscript>
        <button type="submit" className="h-9 rounded-md px-3 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-50">Find</button>
      </noscript>
      {typed ? <TypedChoices id={`${id}-typed`} term={typed.term} people={typed.people} plural={picker.plural} hrefFor={hrefFor} /> : null}
    </Form>
  );
}

/** The people matching a submitted search, as links that set the filter (the picker without JavaScript). */
function TypedChoices({ id, term, people, plural, hrefFor }: { id: string; term: string; people: PersonChoice[]; plural: string; hrefFor: (personId: number) => string }) {
  if (!people.length) return <p className="text-sm text-slate-600">No {plural} match “{term}”.</p>;
  return (
    <div className="grid gap-1 text-sm sm:w-64">
      <p id={id} className="text-slate-600">{`${plural[0].toUpperCase()}${plural.slice(1)} matching “${term}”:`}</p>
      <ul aria-labelledby={id} className="grid gap-1">
        {people.map((person) => (
          <li key={person.id}>
            <Link to={hrefFor(person.id)} preventScrollReset className="font-medium text-brand-700 underline-offset-2 hover:underline">{person.name}</Link>
            <span className="block truncate text-xs text-slate-500">{person.email}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
