// Repair deadlines (issue 23, decision 0029): the target in hours per problem type, and the
// companies' own targets in place of it. A target applies to the requests filed after it is saved.
import * as z from 'zod/mini';
import { MAX_ID } from '../constants.ts';
import { PROBLEM_TYPES, type ProblemType } from '../enums.ts';
import { msg } from '../i18n/message-key.ts';

export const REPAIR_TARGET_DEFAULTS: Record<ProblemType, number> = {
  LIGHT_OUT: 72,
  NO_LAMP: 72,
  FALLEN_POLE: 24,
  POLE_DAMAGE: 72,
};
/** From one hour to a year. */
export const REPAIR_TARGET_HOURS = { min: 1, max: 8760 } as const;

const hours = z
  .number({ error: msg('admin-settings.validation.repairTargets.hours') })
  .check(
    z.int(msg('admin-settings.validation.repairTargets.hours')),
    z.gte(REPAIR_TARGET_HOURS.min, msg('admin-settings.validation.repairTargets.hours')),
    z.lte(REPAIR_TARGET_HOURS.max, msg('admin-settings.validation.repairTargets.hours')),
  );
const problemType = z.enum(PROBLEM_TYPES, { error: msg('admin-settings.validation.repairTargets.problemType') });

export const repairTargetOverrideSchema = z.object({
  companyId: z.number({ error: msg('admin-settings.validation.repairTargets.company') }).check(
    z.int(msg('admin-settings.validation.repairTargets.company')),
    z.positive(msg('admin-settings.validation.repairTargets.company')),
    // Past the column's range PostgreSQL fails the query (a 500) rather than finding nothing.
    z.lte(MAX_ID, msg('admin-settings.validation.repairTargets.company')),
  ),
  problemType,
  hours,
});
export type RepairTargetOverride = z.infer<typeof repairTargetOverrideSchema>;

/** The whole setting at once: a default for every problem type, and the companies' own targets. */
export const repairTargetsSchema = z
  .object({
    defaults: z.object({
      LIGHT_OUT: hours,
      NO_LAMP: hours,
      FALLEN_POLE: hours,
      POLE_DAMAGE: hours,
    }),
    overrides: z
      .array(repairTargetOverrideSchema)
      .check(z.maxLength(400, msg('admin-settings.validation.repairTargets.tooMany'))),
  })
  .check(
    z.refine(
      (value) => new Set(value.overrides.map((o) => `${o.companyId}:${o.problemType}`)).size === value.overrides.length,
      { message: msg('admin-settings.validation.repairTargets.duplicate'), path: ['overrides'] },
    ),
  );
export type RepairTargets = z.infer<typeof repairTargetsSchema>;

/** A request's deadline as the admin screens show it. */
export const deadlineStateSchema = z.enum(['on_time', 'overdue', 'paused', 'met', 'missed']);
export type DeadlineState = z.infer<typeof deadlineStateSchema>;

/**
 * Where a request stands against its due time at `now`: being worked on (open, in progress)
 * it is on time or overdue; cancelled its clock is paused; completed it met or missed the target.
 */
export function deadlineState(
  request: { status: string; dueAt: string | null; closedAt?: string | null },
  now: Date,
): DeadlineState | null {
  if (request.dueAt === null) return null;
  if (request.status === 'cancelled') return 'paused';
  if (request.status === 'completed') {
    if (!request.closedAt) return null;
    return request.closedAt <= request.dueAt ? 'met' : 'missed';
  }
  return request.dueAt < now.toISOString() ? 'overdue' : 'on_time';
}
