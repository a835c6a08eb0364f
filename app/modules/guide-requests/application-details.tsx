import type { ReactNode } from "react";
import { DEFAULT_LENGTH_MINUTES, lengthPrice } from "#app/modules/schedule/prices.ts";
import { SPECIALTY_OPTIONS } from "#app/modules/guides/schema.ts";

const specialtyLabel = new Map<string, string>(SPECIALTY_OPTIONS.map((option) => [option.code, option.label]));

/** What an applicant submitted, as the status page shows it (read-only). */
export type SubmittedApplication = {
  name: string;
  email: string;
  phone: string | null;
  title: string | null;
  organisation: string | null;
  experience: number;
  category: string | null;
  education: string[];
  languages: string[];
  bio: string | null;
  specialties: string[];
  expertise: string[];
  recentSuccess: string | null;
  videoUrl: string | null;
  guideReferences: string[];
  payWhatYouWant: boolean;
  hourlyRateCents: number;
};

function Item({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

const none = <span className="text-slate-500">Not given</span>;
const text = (value: string | null | undefined) => (value ? <span className="whitespace-pre-line break-words">{value}</span> : none);
const list = (items: string[]) =>
  items.length ? (
    <ul className="list-inside list-disc space-y-0.5">
      {items.map((item, index) => <li key={`${index}-${item}`} className="break-words">{item}</li>)}
    </ul>
  ) : (
    none
  );

/** The application as submitted, in sections. */
export function ApplicationDetails({ application, howToServe }: { application: SubmittedApplication; howToServe: string | null }) {
  return (
    <dl className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
      <Item label="Full name">{text(application.name)}</Item>
      <Item label="Email">{text(application.email)}</Item>
      <Item label="Phone number">{text(application.phone)}</Item>
      <Item label="Job title">{text(application.title)}</Item>
      <Item label="Church or organisation">{text(application.organisation)}</Item>
      <Item label="Years of experience">{application.experience}</Item>
      <Item label="Category">{text(application.category)}</Item>
      <Item label="Languages">{list(application.languages)}</Item>
      <Item label="Education">{list(application.education)}</Item>
      <Item label="Areas of expertise">{list(application.expertise)}</Item>
      <Item label="Specialties" wide>{list(application.specialties.map((code) => specialtyLabel.get(code) ?? code))}</Item>
      <Item label="Bio" wide>{text(application.bio)}</Item>
      <Item label="Recent success">{text(application.recentSuccess)}</Item>
      <Item label="Video introduction link">{text(application.videoUrl)}</Item>
      <Item label="References" wide>{list(application.guideReferences)}</Item>
      <Item label="How you would like to serve" wide>{text(howToServe)}</Item>
      <Item label="Price">{application.payWhatYouWant ? "Pay what you want" : lengthPrice({ minutes: DEFAULT_LENGTH_MINUTES, priceCents: application.hourlyRateCents })}</Item>
    </dl>
  );
}
