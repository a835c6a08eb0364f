import { parseScreenList } from "#app/lib/list-params.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { listBookings } from "#app/modules/bookings/bookings.server.ts";
import { profileBookingList } from "#app/modules/bookings/schema.ts";
import { listPayments } from "#app/modules/payments/payments.server.ts";
import { guidePaymentList, userPaymentList } from "#app/modules/payments/schema.ts";
import { listReviews } from "#app/modules/reviews/reviews.server.ts";
import { profileReviewList } from "#app/modules/reviews/schema.ts";

/** Whose profile: a mentee's ("user") or a guide's. */
export type ProfileOwner = { role: "user" | "guide"; id: number };

/**
 * The open list tab of a person's console profile (Payment, Review or Booking; profileTabs): that person's records
 * as the tab's API twin reads them, searched, sorted and paged on the server from the URL. Null for any other tab.
 */
export async function loadProfileTab(tab: string, owner: ProfileOwner, url: URL, admin: SessionUser) {
  const theirs = owner.role === "guide" ? { guideId: owner.id } : { userId: owner.id };
  switch (tab) {
    case "payment": {
      const { state, filters } = parseScreenList(owner.role === "guide" ? guidePaymentList : userPaymentList, url);
      return { tab: "payment", state, ...(await listPayments(state, { ...filters, ...theirs }, admin)) } as const;
    }
    case "review": {
      const { state, filters } = parseScreenList(profileReviewList, url);
      return { tab: "review", state, ...(await listReviews(state, { ...filters, ...theirs }, admin)) } as const;
    }
    case "booking": {
      const { state, filters } = parseScreenList(profileBookingList, url);
      return { tab: "booking", state, ...(await listBookings(state, { ...filters, ...theirs }, admin)) } as const;
    }
    default:
      return null;
  }
}
