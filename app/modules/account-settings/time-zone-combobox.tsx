import { clsx } from "clsx";
import { Fragment, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { ChevronDown } from "#app/components/ui/icons.ts";
import { inputClass } from "#app/components/ui/input-class.ts";
import { orderedZones, searchZones, zoneChoice, zoneTitle, type ZoneChoice } from "#app/lib/time-zone-names.ts";

type Group = { key: string; label: string; choices: ZoneChoice[] };

/** A choice's name, which a narrow list may wrap after a "/" of the zone's own name ('America/' / 'North_Dakota/'). */
const wrappable = (label: string) =>
  label.split(/(?<=\/)/).map((piece, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {piece}
    </Fragment>
  ));

/** The zone the device is set to ('' when the browser does not say). */
const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "";

/**
 * The time zone picker once the page runs: a combobox (the ARIA pattern, with a list popup) to type into ("chic",
 * "central", "cst", "gmt+5") or to walk with the arrow keys, each zone by its one name and its offset (zoneChoice), the likely zones first
 * (the device's, the one chosen, those at the device's offset, then common ones). The box itself names the chosen zone
 * as every screen does (zoneTitle), without the offset, so it fits a phone's width. The chosen zone goes with the form
 * as `name`, a hidden field.
 */
export function TimeZoneCombobox({
  id,
  name,
  zones,
  value,
  onChange,
  describedBy,
  invalid,
}: {
  id: string;
  name: string;
  zones: string[];
  value: string;
  onChange: (zone: string) => void;
  describedBy?: string;
  invalid?: boolean;
}) {
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const device = useMemo(deviceZone, []);
  // Naming every zone takes a moment the first time: done when the list is first opened, not as the page loads.
  const [wanted, setWanted] = useState(false);
  const ordered = useMemo(() => {
    if (!wanted) return null;
    const offered = zones.includes(device) || !device ? zones : [device, ...zones];
    return orderedZones({ zones: offered, device, current: value });
    // The order is made once: the chosen zone moving to the top as one picks would move the list under the pointer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, zones, device]);

  const groups: Group[] = useMemo(() => {
    if (!ordered) return [];
    const choices = (list: string[]) => list.map((zone) => zoneChoice(zone));
    if (query?.trim()) {
      const all = choices([...ordered.likely, ...ordered.common, ...ordered.rest]);
      return [{ key: "matches", label: "Matching time zones", choices: searchZones(all, query) }];
    }
    return [
      { key: "likely", label: "Suggested", choices: choices(ordered.likely) },
      { key: "common", label: "Common time zones", choices: choices(ordered.common) },
      { key: "all", label: "All time zones", choices: choices(ordered.rest) },
    ].filter((group) => group.choices.length);
  }, [ordered, query]);
  const options = useMemo(() => groups.flatMap((group) => group.choices), [groups]);
  const optionId = (index: number) => `${listId}-option-${index}`;

  const show = (from?: number) => {
    setWanted(true);
    setOpen(true);
    setActive(from ?? 0);
  };
  const close = () => {
    setOpen(false);
    setQuery(null);
  };
  const choose = (choice: ZoneChoice | undefined) => {
    if (!choice) return;
    onChange(choice.zone);
    close();
  };

  // Opened without typing: the chosen zone is the active option.
  useEffect(() => {
    if (open && query === null) setActive(Math.max(0, options.findIndex((choice) => choice.zone === value)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, ordered]);
  // The active option stays in view as the arrow keys move it.
  useEffect(() => {
    if (open) document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, active, options]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open || event.altKey) show(open ? active : undefined);
        else setActive(Math.min(last, active + 1));
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!open) show();
        else setActive(Math.max(0, active - 1));
        break;
      case "PageDown":
        if (open) {
          event.preventDefault();
          setActive(Math.min(last, active + 10));
        }
        break;
      case "PageUp":
        if (open) {
          event.preventDefault();
          setActive(Math.max(0, active - 10));
        }
        break;
      case "Enter":
        // Picks the active zone; the form is not sent while the list is open.
        if (open) {
          event.preventDefault();
          choose(options[active]);
        }
        break;
      case "Escape":
        if (open) {
          event.preventDefault();
          close();
        }
        break;
    }
  };

  let index = -1;
  return (
    <div className="relative">
      <input type="hidden" name={name} value={value} />
      <input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && options.length ? optionId(active) : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        className={clsx(inputClass, "pr-10")}
        value={query ?? zoneTitle(value)}
        placeholder="Type a city or a zone, e.g. Chicago"
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          show(0);
        }}
        onClick={() => (open ? undefined : show())}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <button
        type="button"
        tabIndex={-1}
        aria-label={open ? "Hide time zones" : "Show time zones"}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-slate-500 hover:text-slate-800"
        // Keeps focus in the box, so the list does not close before it opens.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          if (open) close();
          else show();
          inputRef.current?.focus();
        }}
      >
        <ChevronDown className="size-4" />
      </button>
      <div
        id={listId}
        role="listbox"
        aria-label="Time zones"
        hidden={!open || !options.length}
        className="absolute z-30 mt-1 max-h-72 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
      >
        {groups.map((group) => (
          <div key={group.key} role="group" aria-labelledby={`${listId}-${group.key}`}>
            <div id={`${listId}-${group.key}`} className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
              {group.label}
            </div>
            {group.choices.map((choice) => {
              const at = ++index;
              return (
                <div
                  key={choice.zone}
                  id={optionId(at)}
                  role="option"
                  aria-selected={at === active}
                  className={clsx(
                    "cursor-pointer px-3 py-2 break-words text-slate-800",
                    at === active && "bg-brand-50 text-brand-900",
                    choice.zone === value && "font-semibold",
                  )}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActive(at)}
                  onClick={() => choose(choice)}
                >
                  {wrappable(choice.label)}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {open && ordered && !options.length ? (
        <p role="status" className="absolute z-30 mt-1 w-full rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-600 shadow-lg">
          No time zone matches “{query}”. Try a city or a zone's name.
        </p>
      ) : null}
    </div>
  );
}
