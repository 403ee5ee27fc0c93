import { z } from 'zod';

/** Spec §4: the severities of a log entry, least to most severe. */
export const LOG_SEVERITIES = ['DEBUG', 'INFO', 'WARNING', 'ERROR', 'CRITICAL'] as const;
export type LogSeverity = (typeof LOG_SEVERITIES)[number];

/**
 * What one `POST /api/logs` may carry. The browser sends at most its buffer (spec §9: about 100 entries); a message
 * is a sentence and a stack, not a document; `extra` is a few facts of context.
 */
export const CLIENT_LOG_LIMITS = {
  entriesPerBatch: 100,
  messageChars: 2_000,
  stackChars: 4_000,
  extraJsonChars: 4_000,
  labels: 20,
  /** The whole body, bytes: 100 entries of a typical 500 bytes, with room. */
  batchBytes: 64 * 1024,
} as const;

/** The browser's session id (spec §9: kept in session storage): a UUID or similar, never a secret. */
export const logSessionIdSchema = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'A session id is 8 to 64 letters, digits or dashes.');

const shortText = (max: number) => z.string().max(max, `Use at most ${max} characters.`);

/**
 * One log entry from the browser (spec §3): when, how severe, what, from which service and version, labels, the
 * browser, the page, optionally the person, extra facts, and the session. Unknown keys are dropped rather than
 * refused: a newer app's entry still reaches the log.
 */
export const clientLogEntrySchema = z.object({
  timestamp: z.iso.datetime({ message: 'Use an ISO 8601 date and time in UTC.' }),
  severity: z.enum(LOG_SEVERITIES),
  message: z.string().min(1, 'A log entry needs a message.').max(CLIENT_LOG_LIMITS.messageChars),
  service: z.object({ name: shortText(60), version: shortText(30) }),
  labels: z
    .record(shortText(60), shortText(200))
    .refine((labels) => Object.keys(labels).length <= CLIENT_LOG_LIMITS.labels, `Use at most ${CLIENT_LOG_LIMITS.labels} labels.`)
    .optional(),
  browser: z
    .object({
      userAgent: shortText(500),
      language: shortText(35).optional(),
      online: z.boolean().optional(),
      viewport: shortText(20).optional(),
    })
    .optional(),
  page: z.object({ url: shortText(2_000), referrer: shortText(2_000).optional(), title: shortText(300).optional() }).optional(),
  user: z.object({ id: shortText(64) }).optional(),
  stack: shortText(CLIENT_LOG_LIMITS.stackChars).optional(),
  extra: z
    .record(z.string(), z.unknown())
    .refine((extra) => JSON.stringify(extra).length <= CLIENT_LOG_LIMITS.extraJsonChars, {
      message: `Extra facts take at most ${CLIENT_LOG_LIMITS.extraJsonChars} characters as JSON.`,
    })
    .optional(),
  sessionId: logSessionIdSchema,
});
export type ClientLogEntry = z.infer<typeof clientLogEntrySchema>;

/** The body of `POST /api/logs` (spec §7: a logs array). */
export const clientLogBatchSchema = z.strictObject({
  logs: z
    .array(clientLogEntrySchema)
    .min(1, 'Send at least one log entry.')
    .max(CLIENT_LOG_LIMITS.entriesPerBatch, `Send at most ${CLIENT_LOG_LIMITS.entriesPerBatch} log entries at a time.`),
});
export type ClientLogBatch = z.infer<typeof clientLogBatchSchema>;
