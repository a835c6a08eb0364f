import { CalendarDays, ClipboardList, DollarSign, MessageSquare, UserCheck, Users, type IconComponent } from "#app/components/ui/icons.ts";
import { Link } from "react-router";
import type { Route } from "./+types/overview";
import { formatCount, formatMoney } from "#app/lib/format.ts";
import { throwForScreen } from "#app/lib/http.server.ts";
import { adminLinks } from "#app/lib/admin-links.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HealthSection } from "#app/modules/stats/health-section.tsx";
import { healthReport } from "#app/modules/stats/health.server.ts";
import { healthPeriodSchema } from "#app/modules/stats/schema.ts";
import { MonthlyBookingsChart } from "#app/modules/stats/monthly-bookings-chart.tsx";
import { adminStats, monthlyBookingStats } from "#app/modules/stats/stats.server.ts";

/** The health period the address asks for: a day it carries that is not one is dropped, and a `to` before its `from`. */
function periodOf(url: URL) {
  const day = (name: "from" | "to") => {
    const value = url.searchParams.get(name) || undefined;
    return healthPeriodSchema.safeParse({ [name]: value }).success ? value : undefined;
  };
  const [from, to] = [day("from"), day("to")];
  return { from, to: from && to && to < from ? undefined : to };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const admin = signedInUser(context);
    const [stats, monthly, health] = await Promise.all([adminStats(), monthlyBookingStats(), healthReport(admin, periodOf(new URL(request.url)))]);
    return { stats, monthly, health };
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Overview · Ministry Mentors" }];

type Card = { label: string; value: string; detail: string; href: string; linkText: string; icon: IconComponent };

function FigureCard({ label, value, detail, href, linkText, icon: Icon }: Card) {
  return (
    <li>
      <Link
        to={href}
        className="group flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <div className="flex items-center justify-between gap-3">
          <h2 className="text-sm font-medium text-slate-600">{label}</h2>
          <span className="rounded-lg bg-brand-50 p-2 text-brand-700 group-hover:bg-brand-100">
            <Icon className="size-5" />
          </span>
        </div>
        <p className="text-3xl font-bold tabular-nums text-slate-900">{value}</p>
        <p className="text-sm text-slate-500">{detail}</p>
        <span className="mt-auto text-sm font-medium text-brand-700 group-hover:underline">{linkText}</span>
      </Link>
    </li>
  );
}

export default function Overview({ loaderData }: Route.ComponentProps) {
  const { stats, monthly, health } = loaderData;
  const cards: Card[] = [
    { label: "Users", value: formatCount(stats.activeUsers), detail: "Active mentees", href: adminLinks.users, linkText: "Manage users", icon: Users },
    { label: "Guides", value: `${formatCount(stats.verifiedGuides)} / ${formatCount(stats.totalGuides)}`, detail: "Verified / total guides", href: adminLinks.guides, linkText: "Manage guides", icon: UserCheck },
    { label: "Pending guide requests", value: formatCount(stats.pendingGuideRequests), detail: "Waiting for a decision", href: adminLinks.guideRequests, linkText: "Review requests", icon: ClipboardList },
    { label: "Bookings", value: formatCount(stats.totalBookings), detail: `${formatCount(stats.bookingsThisMonth)} this month`, href: adminLinks.bookings, linkText: "View bookings", icon: CalendarDays },
    { label: "Revenue", value: formatMoney(stats.revenueCents), detail: `Succeeded payments less refunds · platform share ${formatMoney(stats.platformFeeCents)} at ${stats.platformFeePercent}%`, href: adminLinks.transactions, linkText: "View transactions", icon: DollarSign },
    { label: "Open customer queries", value: formatCount(stats.openQueries), detail: "Not answered yet", href: adminLinks.customerQueries, linkText: "Answer queries", icon: MessageSquare },
  ];
  const lastYear = monthly.reduce((sum, point) => sum + point.bookings, 0);
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Overview</h1>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Key figures">
        {cards.map((card) => <FigureCard key={card.label} {...card} />)}
      </ul>
      <HealthSection report={health} />
      <section className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="monthly-bookings-heading">
        <div className="mb-4 flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
          <h2 id="monthly-bookings-heading" className="text-lg font-semibold text-slate-900">Monthly bookings</h2>
          <p className="text-sm text-slate-500">Last 12 months · {formatCount(lastYear)} bookings</p>
        </div>
        <MonthlyBookingsChart data={monthly} />
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = routeErrorMessage(error);
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Overview</h1>
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-sm text-red-700">
        {message || "Failed to fetch admin stats"}
        <br />
        <Link to="." className="mt-2 inline-block font-medium text-brand-600 underline">Try again</Link>
      </p>
    </div>
  );
}
