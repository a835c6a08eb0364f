import type { ReactNode } from "react";
import { Form } from "react-router";
import { userLinks } from "#app/lib/links.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";

/**
 * "Pay now" for a held booking: a POST to its payment page, which starts or resumes the Checkout and goes straight
 * there (a form, so it works without JavaScript; the GET of that page only shows what is being paid for).
 */
export function PayNowForm({ bookingId, className, describedBy, children = "Pay now" }: { bookingId: number; className: string; describedBy?: string; children?: ReactNode }) {
  const action = userLinks.payBooking(bookingId);
  const opening = useIsPending({ formAction: action });
  return (
    <Form method="post" action={action} className="contents">
      <button type="submit" className={className} disabled={opening} aria-describedby={describedBy}>
        {opening ? "Opening checkout…" : children}
      </button>
    </Form>
  );
}
