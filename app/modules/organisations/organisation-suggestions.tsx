import { useState, type ComponentProps } from "react";
import { Input } from "#app/components/ui/field.tsx";

/** An organisation's name outside a conform form (the console's merge), with the organisation field's suggestions. */
export function OrganisationSuggestions({ id, ...props }: ComponentProps<"input"> & { id: string }) {
  const [names, setNames] = useState<string[]>([]);
  const listId = `${id}-suggestions`;
  return (
    <>
      <Input id={id} type="text" autoComplete="off" {...props} list={listId} onInput={(event) => {
          const { value } = event.currentTarget;
          void import("#app/lib/suggest.ts").then((module) => module.suggest("/api/organisations", value, setNames));
        }}
      />
      <datalist id={listId}>
        {names.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </>
  );
}
