import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Field, Input } from "#app/components/ui/field.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { SpecialtiesField } from "#app/modules/guides/guide-form-fields.tsx";

/**
 * The fields of a mentee's profile (SPEC §3), laid out once for the console's Create/Edit User and the mentee's own
 * Profile: full name, then what stands beside it (`account`: the e-mail, and in the console the password), job title,
 * church or organisation, education, experience, bio, journey and specialties. Each form keeps its own schema and messages.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TextMeta = FieldMetadata<string | null | undefined, any, string[]>;

export type UserDetailsFieldset = Record<"name" | "title" | "organisation" | "education" | "experience" | "bio" | "challenges", TextMeta> & {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  specialties: FieldMetadata<string[] | undefined, any, string[]>;
};

/** A person's profile as the form's first values. */
export function userDetailsDefaults(user: Record<"title" | "organisation" | "education" | "bio" | "experience" | "challenges", string | null> & { name: string; specialties: string[] }) {
  return {
    name: user.name,
    title: user.title ?? "",
    organisation: user.organisation ?? "",
    education: user.education ?? "",
    bio: user.bio ?? "",
    experience: user.experience ?? "",
    challenges: user.challenges ?? "",
    specialties: user.specialties,
  };
}

export function UserDetailsFields({
  fields,
  account,
  hints = {},
}: {
  fields: UserDetailsFieldset;
  account: ReactNode;
  hints?: { experience?: string; challenges?: string; specialties?: string };
}) {
  return (
    <>
      <div className="grid items-start gap-5 md:grid-cols-2">
        <TextField label="Full name" field={fields.name} autoComplete="name" />
        {account}
        <TextField label="Job title" field={fields.title} autoComplete="organization-title" />
        <TextField label="Church or organisation" field={fields.organisation} autoComplete="organization" suggestFrom="/api/organisations" />
        <TextField label="Education" field={fields.education} />
        <TextField label="Experience" field={fields.experience} hint={hints.experience} />
      </div>
      <TextField label="Bio" field={fields.bio} multiline />
      <TextField label="Share Your Journey" field={fields.challenges} multiline hint={hints.challenges} />
      <SpecialtiesField field={fields.specialties} hint={hints.specialties ?? ""} />
    </>
  );
}

/** The sign-in address of an existing account, shown but not edited here. */
export function ReadOnlyEmail({ email, note }: { email: string; note?: string }) {
  return (
    <Field label="Email" htmlFor="email-readonly" hint={note} errorId="email-readonly-note">
      <Input id="email-readonly" type="email" value={email} readOnly aria-readonly="true" aria-describedby={note ? "email-readonly-hint" : undefined} className="bg-slate-100 text-slate-600" />
    </Field>
  );
}
