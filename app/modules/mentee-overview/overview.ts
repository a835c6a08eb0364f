/** The meeting link of a session shows from this long before it starts (Overview). */
export const JOIN_OPENS_MINUTES = 15;
