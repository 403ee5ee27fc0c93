import { z } from 'zod';
import { calendarDateSchema, idSchema, trimmedText } from './common.ts';

/**
 * The organisation's bill as the billing screen shows it: the plan the spec's prices give its farms, what that
 * costs a month, and its free trial. Prices only: no payment is taken in the app.
 */
export const billingFarmSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** The farm's fields added up. */
  hectares: z.number(),
  monthlyUsd: z.number(),
});

export const billingSchema = z.object({
  plan: z.enum(['farm', 'bulk']),
  farms: z.number().int(),
  hectares: z.number(),
  monthlyUsd: z.number(),
  /** The day the free trial ends: 30 days after the organisation was made. */
  trialEndsOn: calendarDateSchema,
  trialDaysLeft: z.number().int(),
  /** The most expensive farms first, at most 20; `farms` counts them all. */
  largestFarms: z.array(billingFarmSchema),
});
export type Billing = z.infer<typeof billingSchema>;

/** Longest a message to support may be: a page of text, not an attachment. */
export const MAX_SUPPORT_MESSAGE_CHARS = 4000;

/** A message to the people who run this Murimi server, e-mailed to its contact address. */
export const supportMessageCreateSchema = z.strictObject({
  /** Chosen by the browser, so that a message sent again after a lost answer is e-mailed once. */
  id: idSchema,
  topic: z.enum(['question', 'problem', 'billing', 'data']),
  message: trimmedText(MAX_SUPPORT_MESSAGE_CHARS).min(10, 'Write at least a sentence, so that we can help.'),
});
export type SupportMessageCreate = z.infer<typeof supportMessageCreateSchema>;
