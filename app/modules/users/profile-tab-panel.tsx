import { GuideBookingsTable, UserBookingsTable } from "#app/modules/bookings/bookings-table.tsx";
import { profileBookingList } from "#app/modules/bookings/schema.ts";
import { PaymentsTable } from "#app/modules/payments/payments-table.tsx";
import { guidePaymentList, userPaymentList } from "#app/modules/payments/schema.ts";
import { ReviewCards } from "#app/modules/reviews/review-cards.tsx";
import { profileReviewList } from "#app/modules/reviews/schema.ts";
import type { loadProfileTab, ProfileOwner } from "./profile-tabs.server.ts";

export type ProfileTabList = NonNullable<Awaited<ReturnType<typeof loadProfileTab>>>;

/** The open list tab of a console profile (as loadProfileTab loaded it), seen from the profile owner's side, with its CSV export. */
export function ProfileTabPanel({ role, personId, list }: { role: ProfileOwner["role"]; personId: number; list: ProfileTabList }) {
  const exportOf = (name: string) => ({ name: `${role}-${name}`, personId });
  switch (list.tab) {
    case "payment":
      return <PaymentsTable party={role} payments={list.data} meta={list.meta} state={list.state} list={role === "guide" ? guidePaymentList : userPaymentList} exportList={exportOf("payments")} />;
    case "review":
      return <ReviewCards perspective={role} reviews={list.data} meta={list.meta} state={list.state} list={profileReviewList} exportList={exportOf("reviews")} />;
    case "booking": {
      const Table = role === "guide" ? GuideBookingsTable : UserBookingsTable;
      return <Table bookings={list.data} meta={list.meta} state={list.state} list={profileBookingList} exportList={exportOf("bookings")} />;
    }
  }
}
