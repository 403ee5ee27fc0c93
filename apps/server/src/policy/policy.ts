import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DB, MemberRole } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { listMemberships } from '../modules/auth/auth.repository.ts';

/**
 * Who may do what, decided here and nowhere else: an action × role table whose cells say how far the role reaches
 * for that action. Every route behind sign-in names its action (`config.access`, see `authorize.ts`), and list
 * queries take the reach as a SQL condition built below. The policy matrix test is generated from this table.
 *
 * - `organisation`: every farm of the organisation.
 * - `assigned`: the farms the person is given: a farmer the farms assigned to them, an agronomist the farms of the
 *   groups they follow. Anything else of the organisation answers 404, as another organisation's would.
 * - `none`: refused with 403 whatever the record.
 */
export type Reach = 'organisation' | 'assigned' | 'none';

export const MEMBER_ROLES = ['owner', 'manager', 'agronomist', 'farmer', 'viewer'] as const satisfies readonly MemberRole[];

const everyone = {
  owner: 'organisation',
  manager: 'organisation',
  agronomist: 'organisation',
  farmer: 'organisation',
  viewer: 'organisation',
} as const;
/** Read the farms one is given (a viewer, a funder, sees aggregates only: the reports build them). */
const farmReaders = { owner: 'organisation', manager: 'organisation', agronomist: 'assigned', farmer: 'assigned', viewer: 'none' } as const;
const managers = { owner: 'organisation', manager: 'organisation', agronomist: 'none', farmer: 'none', viewer: 'none' } as const;

export const POLICY = {
  /** Farms: the list and one farm. */
  'farms.read': farmReaders,
  /** A new farm: a farmer's own is assigned to them; an agronomist asks a manager. */
  'farms.create': { ...managers, farmer: 'assigned' },
  /** A farm's name, place and notes. */
  'farms.edit': { ...managers, farmer: 'assigned' },
  /** Deleting a farm takes its fields and records with it: managers only. */
  'farms.delete': managers,
  /** Fields (boundaries, crops, planting dates) and their analyses, alerts and weather. */
  'fields.read': farmReaders,
  /** Drawing, importing, editing and deleting fields: an agronomist helps draw them. */
  'fields.write': { ...managers, agronomist: 'assigned', farmer: 'assigned' },
  /** Records kept on a field: soil tests, fertilizer, irrigation, rain, harvests; running analyses; marking alerts. */
  'records.write': { ...managers, agronomist: 'assigned', farmer: 'assigned' },
  /** The organisation's alert thresholds (frost line, heat, heavy rain): those who advise on the fields. */
  'alerts.thresholds': { ...managers, agronomist: 'organisation' },
  /** Assigning a farm to a farmer and to a group. */
  'farms.assign': managers,
  /** Onboarding farmers and farms from a spreadsheet: the check, the import and inviting the farmers it names. */
  'onboarding.import': managers,
  /** The organisation's groups of farms and the agronomists who follow them. */
  'groups.manage': managers,
  /** The organisation's people: who they are and their roles. */
  'members.read': { ...managers, agronomist: 'organisation' },
  /** Changing a member's role or removing them; owners are changed by the owner only (`owner.change`). */
  'members.manage': managers,
  /** Making someone owner, or changing or removing the owner. */
  'owner.change': { ...managers, manager: 'none' },
  /** The whole organisation in one archive: its people, farms, fields, records and audit trail. */
  'organisation.export': { ...managers, manager: 'none' },
  /** A record's history: who created, changed or deleted it, and when. */
  'audit.read': managers,
  /** One's own account: notification settings, SMS phone, the organisations one belongs to, one's data and deletion. */
  'account.self': everyone,
  /** Field and farm reports (PDF): the list, their progress and the files. */
  'reports.read': farmReaders,
  /** Asking for a field or farm report: those who keep the field's records. */
  'reports.write': { ...managers, agronomist: 'assigned', farmer: 'assigned' },
  /** A programme's pack (every farm's PDF, every field's line) and cancelling it: those who run the programme. */
  'reports.programme': managers,
  /**
   * The programme's figures (farms reached, hectares, health, alerts, advice followed, yields) by group and crop, with
   * no farm or person in them: its funders (viewers) and those who run it. An agronomist or farmer sees their farms.
   */
  'programme.read': { ...managers, viewer: 'organisation' },
  /** The organisation's plan, farms and hectares, monthly price and trial: those who answer for its costs. */
  'billing.read': managers,
  /** Writing to the people who run this server, from the support page. */
  'support.write': everyone,
} as const satisfies Record<string, Record<MemberRole, Reach>>;

export type Action = keyof typeof POLICY;
export const ACTIONS = Object.keys(POLICY) as Action[];

/** The person a request acts for, in the organisation their token is for. */
export interface Actor {
  userId: string;
  orgId: string;
  role: MemberRole;
}

/** The actions a role may take at all, for the screens to offer only what will work. */
export function allowedActions(role: MemberRole): Action[] {
  return ACTIONS.filter((action) => POLICY[action][role] !== 'none');
}

export function reachOf(actor: Actor, action: Action): Reach {
  return POLICY[action][actor.role];
}

export const NOT_ALLOWED_MESSAGE = 'Your role in this organisation does not allow this. Ask its owner or a manager.';

/** The action's reach for the actor; 403 when the role may not do it at all. */
export function authorize(actor: Actor, action: Action): Exclude<Reach, 'none'> {
  const reach = reachOf(actor, action);
  if (reach === 'none') throw new AppError('FORBIDDEN', NOT_ALLOWED_MESSAGE, { action, role: actor.role });
  return reach;
}

/**
 * The ids of the farms an actor is given, as a subquery, or `null` when the action reaches the whole organisation.
 * Farmers: farms assigned to them. Agronomists: farms of the groups they follow.
 */
export function farmsInReach(db: Kysely<DB>, actor: Actor, action: Action) {
  if (authorize(actor, action) === 'organisation') return null;
  let farms = db.selectFrom('farms').select('farms.id').where('farms.orgId', '=', actor.orgId);
  farms =
    actor.role === 'farmer'
      ? farms.where('farms.farmerUserId', '=', actor.userId)
      : farms.where(
          'farms.groupId',
          'in',
          db.selectFrom('groupAgronomists').select('groupAgronomists.groupId').where('groupAgronomists.userId', '=', actor.userId),
        );
  return farms;
}

/** The ids of the fields on the farms an actor is given, as a subquery; `null` for the whole organisation. */
export function fieldsInReach(db: Kysely<DB>, actor: Actor, action: Action) {
  const farms = farmsInReach(db, actor, action);
  return farms && db.selectFrom('fields').select('fields.id').where('fields.orgId', '=', actor.orgId).where('fields.farmId', 'in', farms);
}

/**
 * A condition for a list query over a column holding farm or field ids: true for the whole organisation, else the
 * id is one the actor is given. Lists use it so a farmer's list holds their farms only.
 */
export function withinReach(
  db: Kysely<DB>,
  actor: Actor,
  action: Action,
  column: { farmIdColumn: string } | { fieldIdColumn: string },
): Expression<SqlBool> {
  const within = 'farmIdColumn' in column ? farmsInReach(db, actor, action) : fieldsInReach(db, actor, action);
  if (!within) return sql<SqlBool>`true`;
  const ref = sql.ref('farmIdColumn' in column ? column.farmIdColumn : column.fieldIdColumn);
  return sql<SqlBool>`${ref} in (${within})`;
}

/**
 * The rows of a table of field records (soil tests, applications, water, harvests) that the actor's organisation owns
 * and the actor reaches: the condition every such list starts from.
 */
export function ownRecordsInReach(db: Kysely<DB>, actor: Actor, action: Action): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref('orgId')} = ${actor.orgId} and ${withinReach(db, actor, action, { fieldIdColumn: 'fieldId' })}`;
}

/**
 * The organisations where a person reads fields (a funder's are left out), as the actor they are there, with the
 * organisation's name, in the order they joined: what their SMS, USSD and weekly digest speak of.
 */
export async function membershipsReadingFields(db: Kysely<DB>, userId: string): Promise<(Actor & { organisation: string })[]> {
  return (await listMemberships(db, userId))
    .map((membership) => ({ userId, orgId: membership.id, role: membership.role, organisation: membership.name }))
    .filter((actor) => reachOf(actor, 'fields.read') !== 'none');
}

/** A key that is the same for everyone who sees the same list: cached lists and their ETags are kept per key. */
export function reachKey(actor: Actor, action: Action): string {
  return reachOf(actor, action) === 'organisation' ? 'organisation' : `${actor.role}:${actor.userId}`;
}
