import * as z from 'zod/mini';

export const publicEnergyCompanySchema = z.object({
  id: z.number(),
  name: z.string(),
  fullName: z.string(),
  colorClass: z.string(),
  iconClass: z.string(),
});
export type PublicEnergyCompany = z.infer<typeof publicEnergyCompanySchema>;
