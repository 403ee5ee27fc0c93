import { z } from 'zod';

/** Client-generated ids are UUIDs so that an offline replay of the same create finds the same row. */
export const idSchema = z.uuid({ message: 'Must be a UUID.' });

/** A calendar date as YYYY-MM-DD (no time zone: a planting or sampling day on the farm). */
export const calendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD.')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'This is not a real calendar date.')
  .refine((value) => value >= '1900-01-01' && value <= '2200-12-31', 'Use a date between 1900 and 2200.');

// Control characters (other than tab and line breaks) are never meant in a name or note, and PostgreSQL refuses NUL.
// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const withoutControlCharacters = (text: z.ZodString) =>
  text.refine((value) => !controlCharacters.test(value), 'Remove the control characters from this text.');

export const trimmedText = (max: number) => withoutControlCharacters(z.string().trim().max(max, `Use at most ${max} characters.`));
export const requiredText = (what: string, max: number) =>
  withoutControlCharacters(z.string().trim().min(1, `${what} is required.`).max(max, `Use at most ${max} characters.`));
export const optionalText = (max: number) => trimmedText(max).nullish();

/** ISO 3166-1 alpha-2 country code, e.g. ZW, ZA, ZM, MW, MZ. */
export const countryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Use the two-letter country code, e.g. ZW for Zimbabwe.');

export const listQuerySchema = z.strictObject({});
