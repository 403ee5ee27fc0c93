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

/** Items on a page of a list when the client does not ask for a number. */
export const DEFAULT_PAGE_SIZE = 100;
/** The most items one page may hold: it bounds the time and bytes one list request costs the server. */
export const MAX_PAGE_SIZE = 500;
/** A cursor is a few dozen characters; anything far longer was not given by us. */
const MAX_CURSOR_LENGTH = 1_000;

/**
 * `limit` and `cursor` of a list. A list answers one page and, unless it was the last, the cursor of the next
 * (`page.nextCursor`); the client sends it back unchanged to read on.
 */
export function pageQuery(defaultSize: number, maxSize: number) {
  const wholeNumber = `limit must be a whole number from 1 to ${maxSize}.`;
  return {
    limit: z.coerce
      .number({ message: wholeNumber })
      .int(wholeNumber)
      .min(1, wholeNumber)
      .max(maxSize, `limit can be at most ${maxSize}; follow page.nextCursor for more.`)
      .default(defaultSize),
    cursor: z
      .string()
      .min(1, 'cursor is empty: leave it out to start at the first page.')
      .max(MAX_CURSOR_LENGTH, 'This cursor is not one this list gave; start again without it.')
      .optional(),
  };
}

/** `limit` (default 100, at most 500) and `cursor` of the lists of records. */
export const pageQueryFields = pageQuery(DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);

/** The page a list answered: its size and the cursor of the next page, null on the last. */
export const pageSchema = z.object({ limit: z.number(), nextCursor: z.string().nullable() });
export type Page = z.infer<typeof pageSchema>;

export const listQuerySchema = z.strictObject({ ...pageQueryFields });
