import { Mail } from "#app/components/ui/icons.ts";
import { Link } from "react-router";
import type { Route } from "./+types/contact";
import { getPlatformSettings } from "#app/modules/settings/settings.server.ts";

export async function loader() {
  const { supportEmail } = await getPlatformSettings();
  return { supportEmail };
}

export const meta: Route.MetaFunction = () => [
  { title: "Contact Us · Ministry Mentors" },
  { name: "description", content: "How to reach the Ministry Mentors support team." },
];

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { supportEmail } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Contact Us</h1>
      <p className="mt-3 text-lg text-slate-600">We're glad to help with bookings, payments, your account or becoming a guide.</p>
      <div className="mt-10 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-brand-900">
          <Mail className="size-5 text-brand-600" /> Email our support team
        </h2>
        <p className="mt-2 text-slate-700">
          Write to <a href={`mailto:${supportEmail}`} className="font-medium text-brand-700 underline">{supportEmail}</a> and we'll reply within two working days.
        </p>
      </div>
      <p className="mt-8 text-slate-600">
        Looking for a quick answer? Read the <Link to="/faq" className="font-medium text-brand-700 underline">Frequently Asked Questions</Link> or
        visit the <Link to="/support" className="font-medium text-brand-700 underline">Support Center</Link>.
      </p>
    </div>
  );
}
