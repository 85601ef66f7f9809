// The transparency page's rules without zod (issue 25, decision 0037): the page's chunk imports
// these, and schemas/transparency.ts builds the payloads on them.

/** The windows offered, in days. */
export const TRANSPARENCY_WINDOWS = [30, 90, 365] as const;
export type TransparencyWindow = (typeof TRANSPARENCY_WINDOWS)[number];
/** A company is ranked only with at least this many requests completed in the window (FixMyStreet #1957). */
export const RANKING_MIN_COMPLETED = 20;
/** The same rule for satisfaction (decision 0050): a company's mean rating shows with this many ratings in the window. */
export const SATISFACTION_MIN_RATINGS = RANKING_MIN_COMPLETED;
/** How long computed figures are served before they are computed again (seconds). */
export const TRANSPARENCY_MAX_AGE_SECONDS = 300;
