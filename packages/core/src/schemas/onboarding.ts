import { z } from 'zod';

/** A row's problem in a programme's spreadsheet: the row as the spreadsheet numbers it, the column as headed, what to fix. */
export const onboardingProblemSchema = z.object({ row: z.number(), column: z.string(), message: z.string() });
export type OnboardingProblem = z.infer<typeof onboardingProblemSchema>;

/** What the dry run found: rows read, what would be created, and every row's problems (the first 500 listed). */
export const onboardingReportSchema = z.object({
  fileName: z.string(),
  rowsRead: z.number(),
  /** Rows without problems that no earlier import made. */
  toCreate: z.number(),
  /** Rows an earlier import of this file (or one with the same rows) made already. */
  alreadyImported: z.number(),
  rowsWithProblems: z.number(),
  problems: z.array(onboardingProblemSchema),
  problemsNotListed: z.number(),
  wouldCreate: z.object({
    farms: z.number(),
    fields: z.number(),
    /** Groups named in the file that the organisation does not have yet. */
    groups: z.array(z.string()),
    /** Farmers with a phone or e-mail, who can be invited (those invited before are not invited again). */
    farmersToInvite: z.number(),
  }),
});
export type OnboardingReport = z.infer<typeof onboardingReportSchema>;

export const onboardingImportSchema = z.object({
  id: z.string(),
  status: z.enum(['checked', 'importing', 'done', 'failed']),
  invite: z.boolean(),
  rowsDone: z.number(),
  rowsTotal: z.number(),
  report: onboardingReportSchema,
  outcome: z
    .object({
      farms: z.number(),
      fields: z.number(),
      groups: z.number(),
      invitationsSent: z.number(),
      /** Farmers not invited, and why (already a member, their number sent STOP, the day's limit). */
      notInvited: z.array(z.object({ farmer: z.string(), reason: z.string() })),
    })
    .nullable(),
  failure: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type OnboardingImport = z.infer<typeof onboardingImportSchema>;

export const onboardingStartSchema = z.strictObject({
  /** Invite the farmers the file names (by e-mail, or SMS for those with only a phone). */
  invite: z.boolean({ message: 'Say whether to invite the farmers (true or false).' }),
});
