// What a seed makes: the demo (demo.ts) and the scale generator (scale.ts) are each one of these.
import type { Bookings, PaymentOdds, Words } from "./bookings.ts";
import type { People } from "./people.ts";
import type { DB } from "./writer.ts";

export type Plan = {
  /** Mentees and guides in all (the cast's two among them), bookings aimed at, customer queries. */
  users: number;
  guides: number;
  bookings: number;
  queries: number;
  /** Each person a name of their own (or names repeat, as in life). */
  uniqueNames: boolean;
  /** No review said twice. */
  uniqueReviews: boolean;
  paymentOdds: PaymentOdds;
  /** Null: everyone is drawn a picture of their own; else the cast and guides share this many looks, mentees get none. */
  sharedLooks: number | null;
  /** Tables loaded in bulk (writer.ts `bulkLoad`; foreign keys unchecked), or null: every row checked and indexed as it goes. */
  bulkTables: readonly string[] | null;
  /** More rows at the plan's size, written after the outbox. */
  more?: (db: DB, bookings: Bookings, words: Words, people: People) => void;
};
