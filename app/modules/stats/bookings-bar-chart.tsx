import { useEffect, useRef, useState } from "react";
import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatCount } from "#app/lib/format.ts";
import type { MonthlyBookingsPoint } from "./monthly-bookings-chart.tsx";

/** Below this width the month labels are short ("Dec") and upright, so they do not run into each other. */
const NARROW = 560;

/** The chart's own width, followed as the window changes. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** "Dec 2025" as "Dec": twelve of them fit side by side on a phone (the tooltip and the table give the year). */
const shortLabel = (label: string) => label.split(" ")[0];

/** A count as the rest of the console writes it ("1,250"). */
const count = (value: unknown) => formatCount(Number(value));

/** The recharts drawing of the monthly bookings: loaded in the browser only (see MonthlyBookingsChart). */
export default function BookingsBarChart({ data, height }: { data: MonthlyBookingsPoint[]; height: number }) {
  const [ref, width] = useWidth();
  const narrow = width !== null && width < NARROW;
  return (
    <div ref={ref} className="size-full">
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 640, height }}>
        <BarChart data={data} margin={{ top: 24, right: narrow ? 4 : 16, bottom: 36, left: narrow ? 0 : 16 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis
            dataKey="label"
            tick={{ fontSize: narrow ? 10 : 12, fill: "#475569" }}
            tickFormatter={narrow ? shortLabel : undefined}
            interval={0}
            angle={narrow ? 0 : -30}
            textAnchor={narrow ? "middle" : "end"}
            height={narrow ? 30 : 48}
            label={{ value: "Month", position: "insideBottom", offset: narrow ? -20 : -28, fill: "#334155", fontSize: 13 }}
          />
          <YAxis
            allowDecimals={false}
            tickFormatter={count}
            width={narrow ? 44 : 60}
            tick={{ fontSize: 12, fill: "#475569" }}
            label={{ value: "Bookings", angle: -90, position: "insideLeft", fill: "#334155", fontSize: 13 }}
          />
          <Tooltip
            cursor={{ fill: "#eef2ff" }}
            formatter={(value) => [count(value), "Bookings"]}
            labelStyle={{ color: "#0f172a", fontWeight: 600 }}
          />
          <Bar dataKey="bookings" name="Bookings" fill="#4f46e5" radius={[4, 4, 0, 0]} isAnimationActive={false}>
            <LabelList dataKey="bookings" formatter={count} position="top" fill="#334155" fontSize={narrow ? 10 : 12} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
