import { z } from 'zod';
import { countryCodeSchema, requiredText } from './common.ts';

/** E-mail addresses are compared trimmed and lower-cased, so one person has one account. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'This e-mail address is too long.')
  .pipe(z.email({ message: 'Enter a valid e-mail address.' }));

/** At least 8 characters and not all digits (a phone number or PIN is guessed first). */
export const newPasswordSchema = z
  .string()
  .min(8, 'Use at least 8 characters for your password.')
  .max(256, 'Use at most 256 characters for your password.')
  .refine((value) => !/^\d+$/.test(value), 'Your password cannot be only digits.');

/** International format, e.g. +263 77 123 4567; spaces and dashes are allowed and removed. */
export const phoneSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s()-]/g, ''))
  .pipe(z.string().regex(/^\+?\d{7,15}$/, 'Enter the phone number with its country code, e.g. +263 77 123 4567.'));

export const registerSchema = z.strictObject({
  email: emailSchema,
  password: newPasswordSchema,
  name: requiredText('Your name', 120),
  phone: phoneSchema.nullish(),
  country: countryCodeSchema,
});
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(1, 'Enter your password.').max(256),
  /** The `device_token` an earlier sign-in to this account gave this browser: its own failures limit it alone. */
  deviceToken: z.string().max(200).optional(),
  /** The organisation this device last worked in: the session opens there if the person still belongs to it, else in their first. */
  organisationId: z.uuid().optional(),
});
export type LoginInput = z.input<typeof loginSchema>;

export const forgotPasswordSchema = z.strictObject({ email: emailSchema });
export const resetPasswordSchema = z.strictObject({
  token: z.string().min(20, 'This reset link is incomplete.').max(200),
  password: newPasswordSchema,
});
export const verifyEmailSchema = z.strictObject({ token: z.string().min(20, 'This link is incomplete.').max(200) });
/** What a person may change about themselves; the e-mail address is fixed (it is the sign-in). */
export const profileUpdateSchema = z
  .strictObject({
    name: requiredText('Your name', 120),
    phone: phoneSchema.nullable(),
    country: countryCodeSchema,
  })
  .partial();
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

export const changePasswordSchema = z.strictObject({
  currentPassword: z.string().min(1, 'Enter your current password.').max(256),
  newPassword: newPasswordSchema,
});

/** Deleting one's account asks for the password, as changing it does: a phone left signed in cannot do it. */
export const deleteAccountSchema = z.strictObject({
  password: z.string().min(1, 'Enter your password.').max(256),
});

/** A person's role in an organisation: what they may do there is the server's policy table. */
export const memberRoleSchema = z.enum(['owner', 'manager', 'agronomist', 'farmer', 'viewer']);
export type MemberRole = z.infer<typeof memberRoleSchema>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  country: z.string(),
  emailVerified: z.boolean(),
  organisation: z.object({
    id: z.string(),
    name: z.string(),
    role: memberRoleSchema,
    /** The policy's actions this person may take here (on all farms or on theirs): screens show only what works. */
    allowed: z.array(z.string()),
  }),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_at: z.string(),
  user: userSchema,
  /** Kept by the browser across sign-outs and sent back as `deviceToken` with its next sign-in. */
  device_token: z.string().optional(),
});

/** An organisation the signed-in person belongs to, with their role there. */
export const myOrganisationSchema = z.object({ id: z.string(), name: z.string(), role: memberRoleSchema });
export type MyOrganisation = z.infer<typeof myOrganisationSchema>;

export const switchOrganisationSchema = z.strictObject({ organisationId: z.uuid({ message: 'Choose one of your organisations.' }) });

/** A member of an organisation as its managers see them. */
export const memberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: memberRoleSchema,
  joinedAt: z.string(),
  /** The groups an agronomist follows (names), empty for others. */
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type Member = z.infer<typeof memberSchema>;

export const memberUpdateSchema = z.strictObject({ role: memberRoleSchema });

/** A programme's group of farms (a ward, a district, a co-op club) with the agronomists who follow it. */
export const farmGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  farmCount: z.number().int(),
  agronomists: z.array(z.object({ userId: z.string(), name: z.string() })),
});
export type FarmGroup = z.infer<typeof farmGroupSchema>;

export const farmGroupCreateSchema = z.strictObject({
  id: z.uuid().optional(),
  name: requiredText('Group name', 120),
});
export const farmGroupUpdateSchema = z.strictObject({
  name: farmGroupCreateSchema.shape.name.optional(),
  /** Every agronomist who follows the group: those left out stop following it. */
  agronomistUserIds: z.array(z.uuid()).max(50).optional(),
});

/** Who a farm is assigned to, and its group; `null` clears either. */
export const farmAssignmentSchema = z.strictObject({
  groupId: z.uuid().nullable().optional(),
  farmerUserId: z.uuid().nullable().optional(),
});

/** Farms moved at once: a ward's worth, enough for a programme reorganising its groups a ward at a time. */
export const MAX_FARMS_MOVED = 500;

/** Many farms into one group (or out of every group, `groupId: null`), with their fields and records. */
export const farmsMoveSchema = z.strictObject({
  farmIds: z
    .array(z.uuid({ message: 'Each farm id must be a UUID.' }))
    .min(1, 'Choose at least one farm.')
    .max(MAX_FARMS_MOVED, `Move at most ${MAX_FARMS_MOVED} farms at once.`),
  groupId: z.uuid({ message: 'The group id must be a UUID.' }).nullable(),
});

/** Who may be invited: every role but owner (an owner is made by the owner, from among the members). */
export const invitedRoleSchema = z.enum(['manager', 'agronomist', 'farmer', 'viewer'], {
  message: 'Choose a role: manager, agronomist, farmer or viewer.',
});

/** An invitation by e-mail or, for a farmer without e-mail, by SMS to their phone. */
export const invitationCreateSchema = z
  .strictObject({
    id: z.uuid().optional(),
    role: invitedRoleSchema,
    name: requiredText('Name', 120).optional(),
    email: emailSchema.optional(),
    /** Any common way of writing it; read for the organisation's country. */
    phone: z.string().trim().min(4, 'Enter the mobile number.').max(32, 'That is too long for a phone number.').optional(),
    /** For an agronomist: the group they will follow. */
    groupId: z.uuid().optional(),
  })
  .refine((value) => (value.email === undefined) !== (value.phone === undefined), {
    message: 'Give an e-mail address or a mobile number, one of the two.',
    path: ['email'],
  });

export const invitationSchema = z.object({
  id: z.string(),
  role: invitedRoleSchema,
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  groupId: z.string().nullable(),
  invitedBy: z.string().nullable(),
  sentAt: z.string(),
  sendCount: z.number().int(),
  expiresAt: z.string(),
  state: z.enum(['pending', 'expired', 'accepted', 'revoked']),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** What the invitation's link shows before anyone signs in: the organisation and the role, nothing of its people. */
export const invitationPreviewSchema = z.object({
  organisation: z.string(),
  role: invitedRoleSchema,
  needsCode: z.boolean(),
});

/** Accepting: the e-mailed link's token, or the SMS's short link and its code. */
export const invitationAcceptSchema = z.union([
  z.strictObject({ token: z.string().min(20, 'This invitation link is incomplete.').max(200) }),
  z.strictObject({
    slug: z.string().min(6).max(40),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter the six digits of the code in the SMS.'),
  }),
]);
