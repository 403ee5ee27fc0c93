import type { ColumnType, Generated } from 'kysely';
import type { AnalysisStage, AnalysisStatus, AnalysisType, CropStageSeen, WATER_STATUSES_SEEN, WEED_PRESSURES } from '@murimi/core';

/** A timestamptz column: Date when read, Date or ISO string when written, defaulted by the database. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** jsonb: read as parsed JSON, written as a JSON string. */
type Json<T> = ColumnType<T, string, string>;

export interface OrganisationTable {
  id: string;
  name: string;
  /** Raised by a trigger on every change to the organisation's fields (list ETag and cache key). */
  fieldListVersion: ColumnType<number, never, never>;
  /** The demo organisation: simulated imagery, and simulated weather when Open-Meteo cannot be reached. */
  demo: ColumnType<boolean, boolean | undefined, boolean>;
  /** The organisation's own alert thresholds (`AlertThresholds`); a missing one is core's default. */
  alertThresholds: ColumnType<Record<string, number>, string | undefined, string>;
  /** Frost, heat, heavy rain and wind alerts on days without a crop in the ground too. */
  weatherAlertsOnFallowLand: ColumnType<boolean, boolean | undefined, boolean>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface UserTable {
  id: string;
  email: string;
  passwordHash: string;
  name: string;
  phone: string | null;
  country: string;
  emailVerifiedAt: Timestamp | null;
  /** Raised by a password reset or change; access tokens carrying an older version are refused. */
  tokenVersion: ColumnType<number, number | undefined, number>;
  /** `NotificationPreferences` as the person saved them; null until they do (the defaults apply). */
  notificationPreferences: ColumnType<unknown, string | null | undefined, string | null>;
  /** The E.164 number alerts go to by SMS; only once `smsPhoneVerifiedAt` is set does anything go to it. */
  smsPhone: string | null;
  smsPhoneVerifiedAt: Timestamp | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export type MemberRole = 'owner' | 'manager' | 'agronomist' | 'farmer' | 'viewer';

export interface MembershipTable {
  orgId: string;
  userId: string;
  role: MemberRole;
  createdAt: CreatedAt;
}

/** A programme's group of farms (a ward, a district, a co-op club). */
export interface FarmGroupTable {
  id: string;
  orgId: string;
  name: string;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** The agronomists (extension officers) who follow a group's farms. */
export interface GroupAgronomistTable {
  groupId: string;
  userId: string;
}

/** An invitation into an organisation (migration 0021). */
export interface InvitationTable {
  id: string;
  orgId: string;
  role: Exclude<MemberRole, 'owner'>;
  groupId: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  tokenHash: string;
  slug: string | null;
  codeHash: string | null;
  failedCodes: ColumnType<number, number | undefined, number>;
  invitedBy: string | null;
  sendCount: ColumnType<number, number | undefined, number>;
  sentAt: Timestamp;
  expiresAt: Timestamp;
  acceptedAt: Timestamp | null;
  acceptedBy: string | null;
  revokedAt: Timestamp | null;
  createdAt: CreatedAt;
}

/** Who created, changed or deleted an owned record (migration 0022): append-only. */
export interface AuditEventTable {
  id: Generated<string>;
  orgId: string;
  userId: string | null;
  recordKind: string;
  recordId: string;
  action: 'created' | 'changed' | 'deleted';
  changedKeys: ColumnType<string[], string[] | undefined, never>;
  at: ColumnType<Date, Date | undefined, never>;
}

/** A spreadsheet of farmers and farms as checked, and its import's progress (migration 0024). */
export interface OnboardingImportTable {
  id: string;
  orgId: string;
  requestedBy: string | null;
  fileName: string;
  /** The file's rows without problems (`OnboardingRow[]`), as the check read them; those made before are skipped. */
  rows: Json<unknown>;
  /** The dry run's report as the manager saw it. */
  report: Json<unknown>;
  status: 'checked' | 'importing' | 'done' | 'failed';
  invite: ColumnType<boolean, boolean | undefined, boolean>;
  rowsDone: ColumnType<number, number | undefined, number>;
  outcome: Json<unknown> | null;
  failure: string | null;
  createdAt: CreatedAt;
  startedAt: Timestamp | null;
  finishedAt: Timestamp | null;
}

/** What one spreadsheet row made, by its key: the same row again makes nothing. */
export interface OnboardingRowTable {
  orgId: string;
  rowKey: string;
  importId: string | null;
  farmId: string | null;
  fieldId: string | null;
  /** The invitation of the row's farmer, shared by all their rows; null when none was asked for. */
  invitationId: string | null;
  createdAt: CreatedAt;
}

export interface RevokedTokenTable {
  tokenId: string;
  expiresAt: Timestamp;
}

export type UserTokenPurpose = 'verify-email' | 'reset-password';

export interface UserTokenTable {
  id: Generated<string>;
  userId: string;
  purpose: UserTokenPurpose;
  /** SHA-256 of the token sent by e-mail; the token itself is never stored. */
  tokenHash: string;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  createdAt: CreatedAt;
}

export type AuthAttemptKind =
  | 'login-failure-account'
  | 'login-failure-device'
  | 'login-failure-address'
  | 'password-check-failure'
  | 'register'
  | 'reset-request-email'
  | 'reset-request-address'
  | 'verification-resend'
  /** A boundary file read for import, counted per organisation (QUOTA_IMPORTS_PER_HOUR). */
  | 'field-import'
  /** A verification code sent by SMS, counted per person and per number. */
  | 'sms-phone-code'
  /** A verification code sent by SMS, counted per person over 24 hours (SMS_CODES_PER_ACCOUNT_PER_DAY). */
  | 'sms-code-account-day'
  /** A verification code sent by SMS, counted across the whole service per hour (SMS_CODES_PER_HOUR). */
  | 'sms-code-service-hour'
  /** An invitation sent (or sent again), counted per organisation per day. */
  | 'invitation-send'
  /** A message sent to support, counted per person per hour. */
  | 'support-message'
  | 'link-failure';

export interface AuthAttemptTable {
  id: Generated<string>;
  kind: AuthAttemptKind;
  /** What the limit counts by: an e-mail, a device id, a user id, or a client address (IPv6 by its /64). */
  subject: string;
  createdAt: CreatedAt;
}

export interface ReportTable {
  id: string;
  orgId: string;
  kind: 'field' | 'farm' | 'programme';
  fieldId: string | null;
  farmId: string | null;
  groupId: string | null;
  title: string;
  status: ColumnType<
    'queued' | 'running' | 'done' | 'failed' | 'cancelled' | 'expired',
    'queued' | undefined,
    'running' | 'done' | 'failed' | 'cancelled' | 'expired'
  >;
  stage: 'gathering' | 'writing' | 'farms' | 'summary' | null;
  farmsDone: number | null;
  farmsTotal: number | null;
  error: string | null;
  fileBytes: number | null;
  simulated: ColumnType<boolean, boolean | undefined, boolean>;
  requestedBy: string | null;
  createdAt: CreatedAt;
  finishedAt: Timestamp | null;
  expiresAt: Timestamp;
}

export interface SupportMessageTable {
  id: string;
  orgId: string;
  userId: string;
  topic: 'question' | 'problem' | 'billing' | 'data';
  /** The e-mail carrying the message to the contact address; its text is the outbox's, sealed. */
  emailOutboxId: string;
  createdAt: CreatedAt;
}

export interface EmailOutboxTable {
  id: Generated<string>;
  toAddress: string;
  subject: string;
  /** Rows queued before bodies were sealed; emptied once sent or past the longest link lifetime. */
  textBody: string | null;
  /** The body sealed with AES-256-GCM (`mail/outbox-seal.ts`); emptied once sent or past the longest link lifetime. */
  sealedBody: string | null;
  createdAt: CreatedAt;
  /** When the SMTP server accepted it; null while waiting (or in embedded mode without SMTP_URL). */
  sentAt: Timestamp | null;
  lastError: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  /** An HTML alternative, sealed like the text; null for text-only messages. */
  sealedHtmlBody: string | null;
}

export interface FarmTable {
  id: string;
  orgId: string;
  name: string;
  location: string | null;
  district: string | null;
  country: string | null;
  notes: string | null;
  /** The group the farm is followed in; its agronomists reach it. */
  groupId: ColumnType<string | null, string | null | undefined, string | null>;
  /** The member (role farmer) the farm is assigned to; they reach it. */
  farmerUserId: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface FieldTable {
  id: string;
  orgId: string;
  farmId: string;
  name: string;
  boundary: Json<unknown>;
  sizeHectares: number;
  bboxMinLng: number;
  bboxMinLat: number;
  bboxMaxLng: number;
  bboxMaxLat: number;
  /** The boundary simplified for the overview map (about 1 m, at most 250 corners; circles as they are). */
  mapBoundary: Json<unknown>;
  /** The centre of the field's area, for lists and labels without the boundary. */
  centroidLng: number;
  centroidLat: number;
  /** Map View's point of the field (`FieldPoint`) as JSON text, kept by the database (migration 0030). */
  mapPoint: ColumnType<string, never, never>;
  /** Corners over all rings of the boundary (a circle counts 1), and the bytes of its JSON: what limits count. */
  boundaryVertices: number;
  boundaryBytes: number;
  cropType: string | null;
  variety: string | null;
  plantingDate: string | null;
  expectedHarvestDate: string | null;
  actualHarvestDate: string | null;
  soilTexture: string | null;
  irrigated: boolean;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface FieldBoundaryVersionTable {
  id: Generated<string>;
  orgId: string;
  fieldId: string;
  boundary: Json<unknown>;
  sizeHectares: number;
  replacedAt: CreatedAt;
}

export interface SoilTestTable {
  id: string;
  orgId: string;
  fieldId: string;
  nitrogen: number | null;
  phosphorus: number | null;
  potassium: number | null;
  unit: 'ppm' | '%';
  ph: number | null;
  organicMatterPct: number | null;
  ecDsPerM: number | null;
  sampleDate: string;
  depthCm: number | null;
  lab: string | null;
  notes: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface FertilizerApplicationTable {
  id: string;
  orgId: string;
  fieldId: string;
  product: string;
  nitrogenPct: number;
  phosphatePct: number;
  potashPct: number;
  rateKgPerHa: number;
  applicationDate: string;
  method: string;
  notes: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** An irrigation given to a field: the depth applied, mm (a volume entered was turned into depth by the field's area). */
export interface IrrigationEventTable {
  id: string;
  orgId: string;
  fieldId: string;
  irrigationDate: string;
  depthMm: number;
  method: 'furrow' | 'sprinkler' | 'drip' | 'pivot' | 'bucket';
  notes: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** A day's rain in the field's own gauge, mm: replaces the weather source's rain for that day. One per field and day. */
export interface RainReadingTable {
  id: string;
  orgId: string;
  fieldId: string;
  readingDate: string;
  rainMm: number;
  notes: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** A harvest the farmer weighed: t/ha at `moisturePct` (% wet basis), for a season named by label or planting date. */
export interface HarvestTable {
  id: string;
  orgId: string;
  fieldId: string;
  seasonLabel: string | null;
  plantingDate: string | null;
  /** Tonnes per hectare as weighed (the API's `harvestedTPerHa`). */
  harvestedTonnesPerHa: number;
  moisturePct: number;
  harvestDate: string;
  notes: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** A field visit: what was seen, where the phone was, who logged it and its photos' ids (the photo store holds the JPEGs). */
export interface VisitTable {
  id: string;
  orgId: string;
  fieldId: string;
  /** Who logged it; null once their account is deleted. */
  visitedBy: string | null;
  visitDate: string;
  cropStage: CropStageSeen | null;
  pestSeen: string | null;
  pestCount: number | null;
  diseaseSeen: string | null;
  weeds: (typeof WEED_PRESSURES)[number] | null;
  waterStatus: (typeof WATER_STATUSES_SEEN)[number] | null;
  notes: string | null;
  latitude: number | null;
  longitude: number | null;
  locationAccuracyM: number | null;
  photoIds: ColumnType<string[], string[] | undefined, string[]>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** A photo of a deleted visit, to delete from the photo store (listed by a trigger on `visits`). */
export interface VisitPhotoDeletionTable {
  id: Generated<string>;
  orgId: string;
  visitId: string;
  photoId: string;
  deletedAt: CreatedAt;
}

/** The last forecast fetched for a 0.1° cell (`round(lat × 10)`, `round(lng × 10)`); valid for an hour. */
export interface WeatherForecastTable {
  /** Whose forecast it is (`open-meteo`): one source's rows are never read as another's. */
  source: string;
  cellLatIndex: number;
  cellLngIndex: number;
  fetchedAt: Timestamp;
  /** The parsed forecast (`OpenMeteoForecast`): point, current conditions, days and hours. */
  forecast: Json<unknown>;
}

/** One archive (ERA5) day of a 0.1° cell, kept for good: a past day's record does not change. */
export interface WeatherArchiveDayTable {
  /** Whose day it is (`open-meteo`), as in `weather_forecasts`. */
  source: string;
  cellLatIndex: number;
  cellLngIndex: number;
  /** `YYYY-MM-DD`, local to the cell. */
  date: string;
  timezone: string;
  utcOffsetSeconds: number;
  elevationM: number | null;
  /** The parsed day (`WeatherDay`). */
  day: Json<unknown>;
  fetchedAt: Timestamp;
}

export interface AnalysisTable {
  id: Generated<string>;
  orgId: string;
  fieldId: string;
  type: AnalysisType;
  status: AnalysisStatus;
  /** The pg-boss job running it; null until queued. */
  jobId: string | null;
  requestedBy: string | null;
  requestedAt: CreatedAt;
  startedAt: Timestamp | null;
  finishedAt: Timestamp | null;
  /** Jobs that took it up: above 1 after a retry or a worker that died. */
  attempts: ColumnType<number, number | undefined, number>;
  /** The day the analysis speaks for (`YYYY-MM-DD`). */
  analysisDate: string | null;
  /** The newest satellite scene the analysis looked at, clear or cloudy (`YYYY-MM-DD`); null without imagery. */
  newestSceneDate: ColumnType<string | null, string | null | undefined, string | null>;
  inputs: Json<unknown> | null;
  result: Json<unknown> | null;
  /** The few numbers of a completed result that programme-wide reads take (migration 0029); kept by the database. */
  headline: ColumnType<Record<string, string | null> | null, never, never>;
  summary: string | null;
  simulated: ColumnType<boolean, boolean | undefined, boolean>;
  error: string | null;
  /** What a running analysis is doing (`AnalysisStage`), reported as it goes; null before it starts. */
  stage: AnalysisStage | null;
  stageAt: Timestamp | null;
}

/** A code sent by SMS to a number a person wants alerts on; its SHA-256 only. */
export interface SmsPhoneCodeTable {
  userId: string;
  phone: string;
  codeHash: string;
  expiresAt: Timestamp;
  failedAttempts: ColumnType<number, number | undefined, number>;
  createdAt: CreatedAt;
}

export type AlertSeverityColumn = 'info' | 'warning' | 'critical';

/** One alert: one rule's episode on one field (`episodeKey`), as last evaluated. */
export interface AlertTable {
  id: Generated<string>;
  orgId: string;
  fieldId: string;
  ruleId: string;
  category: 'weather' | 'crop' | 'pest';
  severity: AlertSeverityColumn;
  episodeKey: string;
  messageKey: string;
  actionKey: string;
  params: Json<Record<string, string | number>>;
  evidence: Json<unknown>;
  /** The day the alert speaks of. */
  alertDate: string;
  /** The field's local today when it was last evaluated (days ahead are counted from it). */
  fieldToday: string;
  simulated: ColumnType<boolean, boolean | undefined, boolean>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  endedAt: Timestamp | null;
  resolvedAt: Timestamp | null;
  resolvedBy: string | null;
}

/** The field's local today when its weather and pest rules last ran: a pest generation reached since is told late. */
export interface FieldAlertRunTable {
  fieldId: string;
  weatherRulesRanOn: string;
}

export interface AlertReadTable {
  alertId: string;
  userId: string;
  readAt: Timestamp | null;
  snoozedUntil: Timestamp | null;
}

export interface AlertNotificationTable {
  alertId: string;
  userId: string;
  channel: 'email' | 'sms';
  /** The severity they were told of: an episode that gets worse is told again, once per severity. */
  severity: AlertSeverityColumn;
  createdAt: CreatedAt;
}

export type SmsPurpose = 'alert' | 'verification' | 'digest' | 'reply' | 'invitation';
/**
 * queued (waiting to be sent), held (quiet hours), sending (being handed to the provider under a lease), sent (the
 * provider took it), delivered, failed, uncertain (the provider's answer was lost and it cannot be asked: it may or
 * may not have gone), and those never sent: capped (the person's daily limit), stopped (the number sent STOP),
 * expired (the alert ended before quiet hours did), not-sent (no SMS provider configured).
 */
export type SmsStatus =
  'queued' | 'held' | 'sending' | 'sent' | 'delivered' | 'failed' | 'uncertain' | 'capped' | 'stopped' | 'expired' | 'not-sent';

export interface SmsOutboxTable {
  id: string;
  userId: string | null;
  toPhone: string;
  body: string;
  encoding: 'GSM-7' | 'UCS-2';
  parts: number;
  purpose: SmsPurpose;
  alertId: string | null;
  status: SmsStatus;
  statusReason: string | null;
  provider: string | null;
  providerMessageId: string | null;
  sendAfter: Timestamp | null;
  attempts: ColumnType<number, number | undefined, number>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  sentAt: Timestamp | null;
  deliveredAt: Timestamp | null;
  /** While `sending`: the one runner handing it to the provider, and until when it may (then another checks on it). */
  leaseOwner: string | null;
  leaseUntil: Timestamp | null;
  /** When it was first handed to the provider: a lost answer is looked for at the provider from here on. */
  firstAttemptAt: Timestamp | null;
  /** The uncertain critical alert this message repeats ("(repeat)"); each is repeated at most once. */
  repeatOf: string | null;
}

export interface SmsStatusEventTable {
  id: Generated<string>;
  provider: string;
  providerMessageId: string;
  outboxId: string | null;
  status: string;
  reason: string | null;
  /** The callback's form as received; emptied (null) after 30 days, as it holds phone numbers. */
  form: ColumnType<Record<string, string> | null, string, string | null>;
  receivedAt: CreatedAt;
}

export interface SmsInboundTable {
  id: string;
  provider: string;
  providerMessageId: string | null;
  fromPhone: string;
  toPhone: string | null;
  text: string;
  userId: string | null;
  receivedAt: CreatedAt;
  handledAt: Timestamp | null;
  replyOutboxId: string | null;
}

export interface SmsOptOutTable {
  phone: string;
  optedOutAt: CreatedAt;
}

export interface SmsConversationTable {
  /** The person asked: only they can answer, from the number they were asked on. */
  userId: string;
  phone: string;
  question: Json<unknown>;
  expiresAt: Timestamp;
}

/** A count that must agree across processes, by name and labels (`{"cap": "service-hour"}`), for `GET /api/metrics`. */
export interface MetricCounterTable {
  name: string;
  labels: ColumnType<Record<string, string>, string | undefined, string>;
  value: ColumnType<string, string | number | undefined, string | number>;
  updatedAt: UpdatedAt;
}

export interface WeeklyDigestTable {
  userId: string;
  weekStart: string;
  sentAt: CreatedAt;
}

export interface DB {
  organisations: OrganisationTable;
  users: UserTable;
  memberships: MembershipTable;
  farmGroups: FarmGroupTable;
  groupAgronomists: GroupAgronomistTable;
  invitations: InvitationTable;
  auditEvents: AuditEventTable;
  onboardingImports: OnboardingImportTable;
  onboardingRows: OnboardingRowTable;
  revokedTokens: RevokedTokenTable;
  userTokens: UserTokenTable;
  authAttempts: AuthAttemptTable;
  emailOutbox: EmailOutboxTable;
  supportMessages: SupportMessageTable;
  reports: ReportTable;
  farms: FarmTable;
  fields: FieldTable;
  fieldBoundaryVersions: FieldBoundaryVersionTable;
  soilTests: SoilTestTable;
  fertilizerApplications: FertilizerApplicationTable;
  irrigationEvents: IrrigationEventTable;
  rainReadings: RainReadingTable;
  weatherForecasts: WeatherForecastTable;
  weatherArchiveDays: WeatherArchiveDayTable;
  analyses: AnalysisTable;
  harvests: HarvestTable;
  visits: VisitTable;
  visitPhotoDeletions: VisitPhotoDeletionTable;
  smsPhoneCodes: SmsPhoneCodeTable;
  alerts: AlertTable;
  fieldAlertRuns: FieldAlertRunTable;
  alertReads: AlertReadTable;
  alertNotifications: AlertNotificationTable;
  smsOutbox: SmsOutboxTable;
  smsStatusEvents: SmsStatusEventTable;
  smsInbound: SmsInboundTable;
  smsOptOuts: SmsOptOutTable;
  smsConversations: SmsConversationTable;
  weeklyDigests: WeeklyDigestTable;
  metricCounters: MetricCounterTable;
}
