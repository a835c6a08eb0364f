// The confidentiality covenant's texts and limits, zod-free so screens may import them.

export const COVENANT_TEXT_MAX = 10_000;

export const COVENANT_MESSAGES = {
  textRequired: "Please write the covenant's text",
  textTooLong: `The covenant must be at most ${COVENANT_TEXT_MAX.toLocaleString("en-US")} characters`,
  published: (version: number) => `Version ${version} of the covenant is published. Mentees and mentors will be asked to accept it before their next session.`,
  publishedTwice: "Another version was published at the same moment. Please reload the page and publish again.",
  acceptRequired: (version: number) => `Please read and accept the confidentiality covenant (version ${version}) to continue.`,
  versionChanged: (version: number) =>
    `A new version of the confidentiality covenant was published while you were reading (version ${version}). Please read it and accept it again.`,
  nothingToAccept: "There is no confidentiality covenant to accept right now.",
  accepted: (name: string) => `You and ${name} now share the confidentiality covenant.`,
} as const;

/** The checkbox's label wherever someone accepts it. */
export const acceptLabel = (version: number) => `I accept the confidentiality covenant (version ${version})`;
