import { Link } from "react-router";
import { DateRangeFilter } from "#app/components/ui/date-range-filter.tsx";
import { formatCount, formatMoney } from "#app/lib/format.ts";
import { formatDuration, type Figure, type HealthReport } from "./health.ts";

type Tile = { label: string; value: string; detail: string; href: string; breakdown?: { label: string; figure: Figure }[] };

/** One figure: its name and value link to the list it counts; a breakdown's parts link to theirs. */
function HealthTile({ label, value, detail, href, breakdown }: Tile) {
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 p-3 sm:p-4">
      <Link to={href} className="group rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500">
        <h4 className="text-sm font-medium text-slate-600 group-hover:text-brand-800">{label}</h4>
        <p className="text-2xl font-bold tabular-nums text-slate-900 group-hover:underline">{value}</p>
      </Link>
      <p className="text-sm text-slate-600">{detail}</p>
      {breakdown ? (
        <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm" aria-label={`${label} by`}>
          {breakdown.map((part) => (
            <li key={part.label}>
              <Link to={part.figure.href} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                {part.label} <span className="tabular-nums">{formatCount(part.figure.count)}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

const plural = (count: number, one: string, many = `${one}s`) => `${formatCount(count)} ${count === 1 ? one : many}`;

/**
 * The overview's Health section: a period (quick choices or two days of the admin's zone, in the URL as `from` and
 * `to`), what happened to bookings and payments in it, and what waits now. Every figure links to its list, filtered.
 */
export function HealthSection({ report }: { report: HealthReport }) {
  const { cancelled, refunds, answerTime } = report;
  const period: Tile[] = [
    { label: "Bookings made", value: formatCount(report.made.count), detail: "Booked in the period", href: report.made.href },
    { label: "Completed", value: formatCount(report.completed.count), detail: "Sessions completed in the period", href: report.completed.href },
    {
      label: "Cancelled",
      value: formatCount(cancelled.count),
      detail: "Cancelled, declined or expired in the period, by:",
      href: cancelled.href,
      breakdown: [
        { label: "Mentees", figure: cancelled.by.mentee },
        { label: "Guides", figure: cancelled.by.guide },
        { label: "Admins", figure: cancelled.by.admin },
        { label: "System", figure: cancelled.by.system },
      ],
    },
    { label: "No-shows", value: formatCount(report.noShows.count), detail: "Sessions the mentee missed", href: report.noShows.href },
    { label: "Refunds", value: formatMoney(refunds.cents), detail: `${plural(refunds.count, "payment")} refunded in the period`, href: refunds.href },
    { label: "Repeat mentees", value: formatCount(report.repeatMentees.count), detail: "Booked their second session within 90 days", href: report.repeatMentees.href },
    {
      label: "Median answer time",
      value: answerTime.medianSeconds === null ? "None" : formatDuration(answerTime.medianSeconds),
      detail: answerTime.count ? `Over ${plural(answerTime.count, "request")} guides accepted or declined in the period` : "No request was accepted or declined in the period",
      href: answerTime.href,
    },
  ];
  const waiting: Tile[] = [
    { label: "Guides without free time", value: formatCount(report.guidesWithoutFreeTime.count), detail: "Live guides with no free time in the next 14 days", href: report.guidesWithoutFreeTime.href },
    { label: "Old open queries", value: formatCount(report.oldOpenQueries.count), detail: "Customer queries open for more than 2 days", href: report.oldOpenQueries.href },
    { label: "Reviews awaiting reply", value: formatCount(report.reviewsAwaitingReply.count), detail: "Reviews the guide has not replied to", href: report.reviewsAwaitingReply.href },
  ];
  return (
    <section className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="health-heading">
      <h2 id="health-heading" className="mb-4 text-lg font-semibold text-slate-900">Health</h2>
      <DateRangeFilter legend="Period" from={report.period.from} to={report.period.to} choices={report.choices} />
      <h3 className="mb-3 mt-6 text-base font-semibold text-slate-900">In the period</h3>
      <ul className="grid grid-cols-2 gap-3 xl:grid-cols-4" aria-label="In the period">
        {period.map((tile) => <HealthTile key={tile.label} {...tile} />)}
      </ul>
      <h3 className="mb-3 mt-6 text-base font-semibold text-slate-900">Waiting now</h3>
      <ul className="grid grid-cols-2 gap-3 xl:grid-cols-3" aria-label="Waiting now">
        {waiting.map((tile) => <HealthTile key={tile.label} {...tile} />)}
      </ul>
    </section>
  );
}
