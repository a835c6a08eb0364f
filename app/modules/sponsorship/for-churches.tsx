import { Link } from "react-router";

/**
 * What the public site tells a church, denomination or foundation about sponsoring its pastors (on Our Platform):
 * how it works, what it sees and does not, and the way in. Signed out, "Sponsor your pastors" signs in first.
 */
export function ForChurches() {
  return (
    <section aria-labelledby="for-churches-heading" className="mx-auto max-w-6xl px-6 pt-16">
      <div className="rounded-2xl border border-brand-100 bg-brand-50 p-6 sm:p-8">
        <h2 id="for-churches-heading" className="text-2xl font-bold text-brand-900">For churches: sponsor your pastors' mentoring</h2>
        <ul className="mt-4 grid gap-2 text-slate-700 md:grid-cols-3 md:gap-6">
          <li><strong className="block text-slate-900">You fund a balance</strong>By card, from $10 to $50,000 at a time, with a receipt by e-mail.</li>
          <li><strong className="block text-slate-900">You set what it covers</strong>A budget per pastor each month, quarter or year, a price ceiling, a co-pay and, if you like, some guides or categories.</li>
          <li><strong className="block text-slate-900">Your pastors join by invitation</strong>They book as usual, and each session they choose to use it for draws on your balance.</li>
        </ul>
        <p className="mt-4 text-slate-700">
          You see how many sessions you covered and the amounts, never a pastor's topics, notes, messages, reviews or when they meet.
        </p>
        <div className="mt-6">
          <Link to="/sponsor/start" className="inline-flex min-h-11 items-center rounded-md bg-brand-600 px-6 py-3 font-semibold text-white shadow hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500">
            Sponsor your pastors
          </Link>
        </div>
      </div>
    </section>
  );
}
