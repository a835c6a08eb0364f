import { useEffect, useRef, useState, type ComponentProps, type FormEvent } from "react";
import { Input } from "#app/components/ui/field.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";

/**
 * The organisations matching what is typed in an input (GET /api/organisations), once the page runs, for a <datalist>
 * the browser offers them from. Without JavaScript the input is a plain text field.
 */
function useSuggestions(inputId: string) {
  const listId = `${inputId}-suggestions`;
  const [names, setNames] = useState<string[]>([]);
  const asked = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const suggest = (event: FormEvent<HTMLInputElement>) => {
    const term = event.currentTarget.value.trim().slice(0, 100);
    clearTimeout(timer.current);
    // Nothing typed, nothing offered: the browser's list would open over the rest of the form.
    if (!term) {
      asked.current = null;
      setNames([]);
      return;
    }
    timer.current = setTimeout(async () => {
      if (asked.current === term) return;
      asked.current = term;
      try {
        const response = await fetch(`/api/organisations?search=${encodeURIComponent(term)}`);
        if (!response.ok) return;
        const { data } = (await response.json()) as { data: string[] };
        if (asked.current === term) setNames(data);
      } catch {
        // Suggestions are a convenience: the field works the same without them.
      }
    }, 150);
  };

  const datalist = (
    <datalist id={listId}>
      {names.map((name) => (
        <option key={name} value={name} />
      ))}
    </datalist>
  );
  return { control: { list: listId, onInput: suggest }, datalist };
}

type Props = Pick<ComponentProps<typeof TextField>, "field" | "label" | "hint" | "className">;

/**
 * A person's church or organisation in a form: a text input (a new name makes a new organisation, an existing one in
 * any case or spacing joins it) that suggests the organisations matching what is typed.
 */
export function OrganisationField(props: Props) {
  const { control, datalist } = useSuggestions(props.field.id);
  return (
    <>
      <TextField {...props} autoComplete="organization" {...control} />
      {datalist}
    </>
  );
}

/** An organisation's name outside a conform form (the console's merge), with the same suggestions. */
export function OrganisationSuggestions({ id, ...props }: ComponentProps<"input"> & { id: string }) {
  const { control, datalist } = useSuggestions(id);
  return (
    <>
      <Input id={id} type="text" autoComplete="off" {...props} {...control} />
      {datalist}
    </>
  );
}
