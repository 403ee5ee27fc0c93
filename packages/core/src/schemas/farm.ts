import { z } from 'zod';
import { countryCodeSchema, idSchema, optionalText, requiredText } from './common.ts';

const farmFields = {
  name: requiredText('Farm name', 120),
  /** Village, ward or area the farm is known by. */
  location: optionalText(200),
  district: optionalText(120),
  country: countryCodeSchema.nullish(),
  notes: optionalText(2000),
};

export const farmCreateSchema = z.strictObject({ id: idSchema.optional(), ...farmFields });
export const farmUpdateSchema = z.strictObject(farmFields).partial();
export type FarmCreateInput = z.input<typeof farmCreateSchema>;

export const farmSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string().nullable(),
  district: z.string().nullable(),
  country: z.string().nullable(),
  notes: z.string().nullable(),
  /** The group the farm is followed in (its agronomists reach it), if any. */
  groupId: z.string().nullable(),
  /** The member (role farmer) the farm is assigned to, if any. */
  farmerUserId: z.string().nullable(),
  fieldCount: z.number(),
  totalHectares: z.number(),
  createdAt: z.string(),
  lastModified: z.string(),
});
export type Farm = z.infer<typeof farmSchema>;
