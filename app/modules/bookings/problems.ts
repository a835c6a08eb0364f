// Reported problems with a session, as screens show them (zod-free: the browser imports it).

export const PROBLEM_KINDS = ["guide_absent", "other"] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

export const PROBLEM_KIND_LABELS: Record<ProblemKind, string> = {
  guide_absent: "My mentor did not come",
  other: "Something else went wrong",
};

export const PROBLEM_OUTCOMES = ["refund_full", "refund_part", "no_refund"] as const;
export type ProblemOutcome = (typeof PROBLEM_OUTCOMES)[number];

export const PROBLEM_OUTCOME_LABELS: Record<ProblemOutcome, string> = {
  refund_full: "Refund in full",
  refund_part: "Refund part",
  no_refund: "No refund",
};

/** open: the mentor may contest a no-show until contestBy; review: the Ministry Mentors team decides; resolved. */
export type ProblemStatus = "open" | "review" | "resolved";

/** A report as both people and the console see it. */
export type ProblemView = {
  kind: ProblemKind;
  details: string;
  status: ProblemStatus;
  contestBy: string;
  guideReply: string | null;
  outcome: ProblemOutcome | null;
  refundCents: number | null;
  createdAt: string;
  decidedAt: string | null;
  decidedByTeam: boolean;
};
