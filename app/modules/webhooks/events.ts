/** What a webhook endpoint may be sent: each event named as Standard Webhooks' `type`, with what it means. */
export const WEBHOOK_EVENTS = [
  { value: "booking.created", description: "A session is booked (a paid one is held until paid)" },
  { value: "booking.confirmed", description: "A session is confirmed: paid, accepted, or free" },
  { value: "booking.cancelled", description: "A session is cancelled, declined, or ends unpaid or unanswered" },
  { value: "booking.rescheduled", description: "A session moves to another time" },
  { value: "booking.completed", description: "A session is marked completed" },
  { value: "review.created", description: "A review of a session is written" },
  { value: "message.created", description: "A message is sent to you or by you" },
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number]["value"];
export const EVENT_VALUES = WEBHOOK_EVENTS.map((event) => event.value) as [WebhookEventType, ...WebhookEventType[]];

/** What a sponsor's endpoint may be sent: the sessions it covers being booked and cancelled. */
export const SPONSOR_EVENTS = ["booking.created", "booking.cancelled"] as const satisfies readonly WebhookEventType[];

/** How many endpoints one person (or one sponsor) may have. */
export const MOST_ENDPOINTS = 10;

/**
 * A delivered or failed delivery, with its attempts, is removed this long after it finished: a month of deliveries, as
 * Stripe and others show. A pending one stays until it finishes.
 */
export const DELIVERIES_KEPT_DAYS = 30;

export const WEBHOOK_MESSAGES = {
  url: "Enter the endpoint's address, starting with https://",
  urlTooLong: "The address is too long (at most 500 characters)",
  https: "Webhooks are sent to https addresses only",
  credentials: "Leave the user name and password out of the address",
  notPublic: "This address is not on the public internet: webhooks are sent to public addresses only",
  unresolved: "This address's host name could not be found",
  events: "Choose at least one event",
  tooMany: `You have ${MOST_ENDPOINTS} endpoints: delete one before adding another`,
  notFound: "Webhook endpoint not found",
  ownersOnly: "Webhooks are for mentees' and guides' own accounts",
  sponsorEvents: "A sponsor's endpoint is sent booking.created and booking.cancelled only",
} as const;
