import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { MonthlyBookingsPoint } from "./monthly-bookings-chart.tsx";

/** The recharts drawing of the monthly bookings: loaded in the browser only (see MonthlyBookingsChart). */
export default function BookingsBarChart({ data, height }: { data: MonthlyBookingsPoint[]; height: number }) {
  return (
    <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 640, height }}>
      <BarChart data={data} margin={{ top: 24, right: 16, bottom: 36, left: 16 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
        <XAxis
          dataKey="label"
          tick={{ fontSize: 12, fill: "#475569" }}
          interval={0}
          angle={-30}
          textAnchor="end"
          height={48}
          label={{ value: "Month", position: "insideBottom", offset: -28, fill: "#334155", fontSize: 13 }}
        />
        <YAxis
          allowDecimals={false}
          tick={{ fontSize: 12, fill: "#475569" }}
          label={{ value: "Bookings", angle: -90, position: "insideLeft", fill: "#334155", fontSize: 13 }}
        />
        <Tooltip
          cursor={{ fill: "#eef2ff" }}
          formatter={(value) => [value, "Bookings"]}
          labelStyle={{ color: "#0f172a", fontWeight: 600 }}
        />
        <Bar dataKey="bookings" name="Bookings" fill="#4f46e5" radius={[4, 4, 0, 0]} isAnimationActive={false}>
          <LabelList dataKey="bookings" position="top" fill="#334155" fontSize={12} />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
