import { lazy, Suspense, useEffect, useState } from "react";
import { formatCount } from "#app/lib/format.ts";

// recharts is large and draws only in the browser: its module loads after the page is interactive.
const BookingsBarChart = lazy(() => import("./bookings-bar-chart.tsx"));

export type MonthlyBookingsPoint = { month: string; label: string; bookings: number };

const CHART_HEIGHT = 320;

/**
 * Bookings per month as a bar chart (labelled axes, the value above each bar, a tooltip on hover),
 * plus a table of the same figures for screen readers. The chart measures its container, so it is
 * drawn in the browser only; the server renders a placeholder of the same height and the table.
 */
export function MonthlyBookingsChart({ data }: { data: MonthlyBookingsPoint[] }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <figure className="m-0">
      <div style={{ height: CHART_HEIGHT }} className="w-full" data-testid="monthly-bookings-chart" aria-hidden="true">
        {mounted ? (
          <Suspense fallback={null}>
            <BookingsBarChart data={data} height={CHART_HEIGHT} />
          </Suspense>
        ) : null}
      </div>
      <figcaption className="sr-only">Bookings made in each of the last 12 months; the table below lists the same figures.</figcaption>
      <table className="sr-only">
        <caption>Bookings per month</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Bookings</th>
          </tr>
        </thead>
        <tbody>
          {data.map((point) => (
            <tr key={point.month}>
              <th scope="row">{point.label}</th>
              <td>{formatCount(point.bookings)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
