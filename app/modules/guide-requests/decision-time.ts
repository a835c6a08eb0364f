/**
 * How soon the team decides on a guide application, said once: the application and Become a Mentor pages, the
 * applicant's status page, the e-mails and the FAQ placeholder `{applicationDecisionTime}` all read it.
 */
export const APPLICATION_DECISION_TIME = "3 business days";
