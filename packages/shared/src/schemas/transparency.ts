// The public transparency page (issue 25, decision 0037): per energy company and problem type,
// requests received, open backlog, median / p90 time to repair and the share repaired within
// target over the last 30, 90 or 365 days, and the companies' league.
import * as z from 'zod/mini';
import { LANGUAGES, PROBLEM_TYPES } from '../enums.ts';
import { msg } from '../i18n/message-key.ts';

export const transparencyQuerySchema = z.object({
  /** Days: 30 (default), 90 or 365. */
  window: z.optional(z.enum(['30', '90', '365'], { error: msg('transparency.validation.transparency.window') })),
  /** The CSV's headers: the page's language (a download link sends no Accept-Language of the app's choice). */
  lang: z.optional(z.enum(LANGUAGES, { error: msg('transparency.validation.transparency.lang') })),
});

const figures = {
  /** Filed in the window. */
  received: z.number(),
  /** Open or in progress now (the same in every window). */
  backlog: z.number(),
  /** Completed in the window (closed_at within it). */
  completed: z.number(),
  /** Of those, completed by their due time (closed_at <= due_at). */
  completedWithinTarget: z.number(),
  /** completedWithinTarget / completed, 0..1; null when nothing was completed. */
  withinTargetShare: z.nullable(z.number()),
  /** Time from filing to completion of the requests completed in the window, seconds; null when none. */
  medianSeconds: z.nullable(z.number()),
  p90Seconds: z.nullable(z.number()),
};

export const transparencyRowSchema = z.object({
  companyId: z.number(),
  companyName: z.string(),
  problemType: z.enum(PROBLEM_TYPES),
  ...figures,
});
export type TransparencyRow = z.infer<typeof transparencyRowSchema>;

export const transparencyCompanySchema = z.object({
  companyId: z.number(),
  companyName: z.string(),
  ...figures,
  /** 1 = best; null: fewer than RANKING_MIN_COMPLETED completed in the window (not ranked). */
  rank: z.nullable(z.number()),
  /** Citizens' ratings given in the window (issue 35). */
  ratings: z.number(),
  /** Their mean score, 1..5; null below SATISFACTION_MIN_RATINGS ratings (the comment is never public). */
  averageScore: z.nullable(z.number()),
});
export type TransparencyCompany = z.infer<typeof transparencyCompanySchema>;

export const transparencySchema = z.object({
  windowDays: z.number(),
  /** The window is [from, to): ISO instants. */
  from: z.string(),
  to: z.string(),
  /** When these figures were computed (at most TRANSPARENCY_MAX_AGE_SECONDS ago). */
  computedAt: z.string(),
  rankingMinCompleted: z.number(),
  /** The fewest ratings in the window a company's mean score is shown with. */
  satisfactionMinRatings: z.number(),
  /** Ranked companies first by rank, then the unranked by name. */
  companies: z.array(transparencyCompanySchema),
  /** By company name, then problem type. */
  rows: z.array(transparencyRowSchema),
});
export type Transparency = z.infer<typeof transparencySchema>;
