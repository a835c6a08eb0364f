import { dateFormat } from "#app/lib/format.ts";

/**
 * What a guide keeps of a payment (zod-free: screens import it). The platform's fee is a share of what the mentee
 * finally paid (the amount less refunds), rounded to the cent; the guide keeps the rest.
 */
export function earningOf(amountCents: number, refundedCents: number, feePercent: number) {
  const kept = Math.max(0, amountCents - refundedCents);
  const feeCents = Math.round((kept * feePercent) / 100);
  return { amountCents, refundedCents, feeCents, netCents: kept - feeCents };
}

export type Earning = ReturnType<typeof earningOf>;

/** '2026-11' → 'November 2026'. */
export function monthLabel(month: string) {
  const [year, number] = month.split("-").map(Number);
  return dateFormat({ month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(year, number - 1, 1)));
}

export type MonthEarnings = { month: string; sessions: number; amountCents: number; refundedCents: number; feeCents: number; netCents: number };

/** The totals of several months (the billing table's 'All time' line). */
export function totalsOf(months: MonthEarnings[]) {
  const sum = (key: keyof Omit<MonthEarnings, "month">) => months.reduce((total, item) => total + item[key], 0);
  return { sessions: sum("sessions"), amountCents: sum("amountCents"), refundedCents: sum("refundedCents"), feeCents: sum("feeCents"), netCents: sum("netCents") };
}
