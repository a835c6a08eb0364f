import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/support";
import { Button } from "#app/components/ui/button.tsx";
import { CheckCircle2, ChevronDown, Clock, LifeBuoy, Mail, Search } from "#app/components/ui/icons.ts";
import { ErrorList, Field, Input, inputClass, Textarea } from "#app/components/ui/field.tsx";
import { replyToForm } from "#app/lib/form.server.ts";
import { currentUser } from "#app/lib/guards.server.ts";
import { HttpError, throwForScreen } from "#app/lib/http.server.ts";
import { mentorLinks, userLinks } from "#app/lib/links.ts";
import { parseScreenParams, searchTerm } from "#app/lib/list-params.server.ts";
import { requestInfo } from "#app/lib/request-info.server.ts";
import { redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { faqTypeLabels, faqTypes } from "#app/modules/faqs/types.ts";
import { searchActiveFaqs } from "#app/modules/faqs/faqs.server.ts";
import { askQuerySchema, visitorQuerySchema } from "#app/modules/queries/schema.ts";
import { askQuery } from "#app/modules/queries/queries.server.ts";
import { getPlatformSettings } from "#app/modules/settings/settings.server.ts";

const FAQ_RESULTS = 10;

/** Where a signed-in person reads the answers to their questions. */
const queriesLinkOf = { user: userLinks.query, guide: mentorLinks.query, admin: null } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const person = context.get(currentUser);
  try {
    const q = parseScreenParams(searchTerm("q"), url.searchParams.get("q") ?? "", url, "q");
    const [settings, found] = await Promise.all([getPlatformSettings(), q ? searchActiveFaqs(q, FAQ_RESULTS) : null]);
    return {
      q,
      found,
      supportEmail: settings.supportEmail,
      sent: url.searchParams.get("sent") === "1",
      person: person ? { name: person.name, email: person.email, queriesHref: queriesLinkOf[person.role] ?? null } : null,
      // The question form's constraints (required, lengths), read from its schema here: the page's script needs no zod.
      constraint: getZodConstraint(person ? askQuerySchema : visitorQuerySchema),
    };
  } catch (error) {
    throwForScreen(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const person = context.get(currentUser);
  const submission = parseWithZod(await request.formData(), { schema: person ? askQuerySchema : visitorQuerySchema });
  if (submission.status !== "success") return replyToForm(submission);
  try {
    await askQuery(person, submission.value, { clientAddress: context.get(requestInfo).clientAddress });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const message =
      error.status === 429
        ? `You have sent several questions in the last hour. ${error.message.replace(/^Too many attempts\. /, "")} If it is urgent, e-mail ${(await getPlatformSettings()).supportEmail}.`
        : error.message;
    const reply = replyToForm(submission, { formErrors: [message] });
    return data(reply.data, { status: error.status, headers: error.headers });
  }
  return redirectWithSuccess("/support?sent=1#question", {
    message: "Question Sent",
    description: "Thank you. We've e-mailed you a confirmation and will reply within two working days.",
  });
}

/** The limit's Retry-After (after too many questions) reaches the page's response. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export const meta: Route.MetaFunction = () => [
  { title: "Support Center · Ministry Mentors" },
  { name: "description", content: "Search answers about bookings, payments, accounts and becoming a guide, or send the Ministry Mentors support team a question." },
];

function FaqSearch({ q, found }: Pick<Route.ComponentProps["loaderData"], "q" | "found">) {
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/support" && navigation.location.search.includes("q=");
  return (
    <section aria-labelledby="faq-search-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="faq-search-heading" className="text-xl font-semibold text-slate-900">Search the answers</h2>
      <p className="mt-1 text-slate-600">Most questions about bookings, payments, accounts and guides are answered in our FAQs.</p>
      <Form method="get" role="search" className="mt-5 flex flex-col gap-3 sm:flex-row" preventScrollReset>
        <label htmlFor="support-q" className="sr-only">Search the FAQs</label>
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
          <input id="support-q" type="search" name="q" defaultValue={q} key={q} maxLength={200} placeholder="e.g. cancel a session, refund, become a guide" className={`${inputClass} h-11 pl-9 text-base`} />
        </div>
        <Button type="submit" className="h-11" disabled={searching}>{searching ? "Searching…" : "Search"}</Button>
      </Form>

      <div aria-live="polite">
        {found ? (
          found.faqs.length ? (
            <>
              <p className="mt-6 text-sm text-slate-600">
                {found.total === 1 ? "1 answer" : `${found.total} answers`} for “{q}”{found.total > found.faqs.length ? ` (showing the first ${found.faqs.length})` : ""}
              </p>
              <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200" aria-label={`Answers for “${q}”`}>
                {found.faqs.map((faq, index) => (
                  <li key={faq.id}>
                    <details className="group px-5 py-4" open={index === 0}>
                      <summary className="flex cursor-pointer list-none items-start justify-between gap-4 rounded font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-500 [&::-webkit-details-marker]:hidden">
                        <span>
                          {faq.question}
                          <span className="ml-2 whitespace-nowrap rounded-full bg-slate-100 px-2 py-0.5 text-xs font-normal text-slate-600">{faqTypeLabels[faq.type]}</span>
                        </span>
                        <ChevronDown className="mt-0.5 size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
                      </summary>
                      <p className="mt-3 whitespace-pre-line leading-relaxed text-slate-700">{faq.answer}</p>
                    </details>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="mt-6 rounded-xl bg-slate-50 p-5 text-slate-700">
              No answers matched “{q}”. Try fewer or other words, <Link to="/faq" className="font-medium text-brand-700 underline">browse all FAQs</Link>, or{" "}
              <a href="#question" className="font-medium text-brand-700 underline">ask us below</a>.
            </p>
          )
        ) : (
          <div className="mt-6">
            <p className="text-sm font-medium text-slate-700">Browse by topic</p>
            <ul className="mt-2 flex flex-wrap gap-2">
              {faqTypes.map((type) => (
                <li key={type}>
                  <Link to={`/faq#faq-${type}`} className="inline-block rounded-full bg-brand-50 px-4 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-100">
                    {faqTypeLabels[type]}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}

function QuestionForm({
  person,
  constraint,
  lastResult,
}: Pick<Route.ComponentProps["loaderData"], "person" | "constraint"> & { lastResult: Route.ComponentProps["actionData"] }) {
  const navigation = useNavigation();
  const sending = useIsPending();
  const [form, fields] = useAppForm({
    id: person ? "support-question-member" : "support-question",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    constraint,
    schema: () => import("#app/modules/queries/schema.ts").then((module) => (person ? module.askQuerySchema : module.visitorQuerySchema)),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const visitor = fields as unknown as typeof fields & Partial<Record<"name" | "email", (typeof fields)["subject"]>>;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-5 grid gap-5">
      {person ? (
        <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">
          Sending as <span className="font-medium text-slate-900">{person.name}</span> ({person.email}). We&apos;ll answer at this address.
        </p>
      ) : (
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Your name" htmlFor={visitor.name!.id} errors={visitor.name!.errors} errorId={visitor.name!.errorId}>
            <Input {...getInputProps(visitor.name!, { type: "text" })} autoComplete="name" />
          </Field>
          <Field label="Email address" htmlFor={visitor.email!.id} errors={visitor.email!.errors} errorId={visitor.email!.errorId}>
            <Input {...getInputProps(visitor.email!, { type: "email" })} autoComplete="email" aria-describedby={`${visitor.email!.errorId} email-hint`} />
            <p id="email-hint" className="text-xs text-slate-500">We send our answer here.</p>
          </Field>
        </div>
      )}
      <Field label="Subject" htmlFor={fields.subject.id} errors={fields.subject.errors} errorId={fields.subject.errorId}>
        <Input {...getInputProps(fields.subject, { type: "text" })} />
      </Field>
      <Field label="Message" htmlFor={fields.message.id} errors={fields.message.errors} errorId={fields.message.errorId}>
        <Textarea {...getTextareaProps(fields.message)} rows={6} aria-describedby={`${fields.message.errorId} message-hint`} />
        <p id="message-hint" className="text-xs text-slate-500">Tell us what happened and, for a booking or payment, the date and the guide&apos;s name. Please don&apos;t include card numbers.</p>
      </Field>
      <ErrorList id={form.errorId} errors={form.errors} />
      <div>
        <Button type="submit" disabled={sending}>{sending ? "Sending…" : "Send question"}</Button>
      </div>
    </Form>
  );
}

export default function SupportCenter({ loaderData, actionData }: Route.ComponentProps) {
  const { q, found, supportEmail, sent, person } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-6 py-16">
      <div className="max-w-3xl">
        <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-brand-600">
          <LifeBuoy className="size-4" /> Help
        </p>
        <h1 className="mt-2 text-3xl font-bold text-slate-900 sm:text-4xl">Support Center</h1>
        <p className="mt-3 text-lg text-slate-600">Find an answer right away, or ask our team. A real person reads every question.</p>
      </div>

      <div className="mt-10">
        <FaqSearch q={q} found={found} />
      </div>

      <div className="mt-10 grid gap-8 lg:grid-cols-3">
        <section id="question" aria-labelledby="question-heading" className="scroll-mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2">
          <h2 id="question-heading" className="text-xl font-semibold text-slate-900">Ask the support team</h2>
          {sent ? (
            <div role="status" className="mt-5 rounded-xl border border-green-200 bg-green-50 p-5 text-green-900">
              <p className="flex items-center gap-2 font-semibold">
                <CheckCircle2 className="size-5" /> Thank you, your question is on its way.
              </p>
              <p className="mt-2 text-sm">
                We&apos;ve e-mailed you a confirmation and will reply within two working days.
                {person?.queriesHref ? (
                  <> You can also follow it under <Link to={person.queriesHref} className="font-medium underline">Support Queries</Link> in your dashboard.</>
                ) : null}
              </p>
              <Link to="/support#question" className="mt-3 inline-block text-sm font-medium underline">Ask another question</Link>
            </div>
          ) : (
            <>
              <p className="mt-1 text-slate-600">Questions about a booking, a payment, your account or becoming a guide.</p>
              <QuestionForm person={person} constraint={loaderData.constraint} lastResult={actionData} />
            </>
          )}
        </section>

        <aside aria-labelledby="contact-heading" className="grid content-start gap-4">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="contact-heading" className="text-lg font-semibold text-slate-900">Other ways to reach us</h2>
            <p className="mt-3 flex items-start gap-2 text-slate-700">
              <Mail className="mt-1 size-4 shrink-0 text-brand-600" />
              <span>E-mail <a href={`mailto:${supportEmail}`} className="block break-all font-medium text-brand-700 underline">{supportEmail}</a></span>
            </p>
            <p className="mt-3 flex items-start gap-2 text-slate-700">
              <Clock className="mt-1 size-4 shrink-0 text-brand-600" />
              <span>We answer within two working days (Monday to Friday, US Central Time).</span>
            </p>
            <p className="mt-4 text-sm text-slate-600">
              More on our <Link to="/contact" className="font-medium text-brand-700 underline">Contact page</Link>.
            </p>
          </div>
          <div className="rounded-2xl border border-amber-200 bg-amber-50 p-6 text-sm text-amber-950">
            <h2 className="font-semibold">In a crisis?</h2>
            <p className="mt-2">
              Our guides and support team are not an emergency service. If you or someone else is in danger, call 911. For emotional distress or
              thoughts of suicide, call or text 988 (Suicide &amp; Crisis Lifeline).
            </p>
          </div>
        </aside>
      </div>
    </div>
  );
}
