/** The length of "how would you like to serve" (GuideRequest.howToServe), free of zod: the public application form shows it. */
export const HOW_TO_SERVE_MIN = 20;
export const HOW_TO_SERVE_MAX = 2000;

/** How many references a guide application must give (the form's label says so). */
export const REFERENCES_REQUIRED = 2;
