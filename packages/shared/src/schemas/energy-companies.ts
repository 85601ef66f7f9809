// Energy companies: what the public wizard lists, and the administrators' registry
// (spec sections 3 and 5, decision 0002 §11).
import * as z from 'zod/mini';
import { COMPANY_DEFAULT_COLOR, COMPANY_DEFAULT_ICON } from '../constants.ts';
import { type MessageKey, msg } from '../i18n/message-key.ts';
import { requiredText } from './fields.ts';

export const publicEnergyCompanySchema = z.object({
  id: z.number(),
  name: z.string(),
  fullName: z.string(),
  colorClass: z.string(),
  iconClass: z.string(),
});
export type PublicEnergyCompany = z.infer<typeof publicEnergyCompanySchema>;

/** Absent colour and icon take the defaults (blue, bolt); sent blank they are refused. */
const withDefault = (fallback: string, requiredKey: MessageKey) =>
  z.pipe(
    z.transform((value: unknown) => (value === undefined ? fallback : value)),
    requiredText(requiredKey, 40).check(
      z.regex(/^[A-Za-z0-9_-]+$/, msg('admin-operations.validation.energyCompany.classInvalid')),
    ),
  );

export const energyCompanyInputSchema = z.object({
  name: requiredText('common.validation.energyCompany.nameRequired', 60),
  fullName: requiredText('common.validation.energyCompany.fullNameRequired', 200),
  colorClass: withDefault(COMPANY_DEFAULT_COLOR, 'common.validation.energyCompany.colorRequired'),
  iconClass: withDefault(COMPANY_DEFAULT_ICON, 'common.validation.energyCompany.iconRequired'),
  active: z._default(z.boolean({ error: msg('common.validation.invalidType') }), true),
});
export type EnergyCompanyInput = z.input<typeof energyCompanyInputSchema>;
export type EnergyCompanyValues = z.output<typeof energyCompanyInputSchema>;

export const adminEnergyCompanySchema = z.object({
  id: z.number(),
  name: z.string(),
  fullName: z.string(),
  colorClass: z.string(),
  iconClass: z.string(),
  active: z.boolean(),
  requestCount: z.number(),
  /** Whether a delete would succeed: no request refers to the company (else deactivate it). */
  deletable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminEnergyCompany = z.infer<typeof adminEnergyCompanySchema>;
