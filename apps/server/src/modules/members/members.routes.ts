import {
  authResponseSchema,
  invitationAcceptSchema,
  invitationCreateSchema,
  invitationPreviewSchema,
  invitationSchema,
  farmAssignmentSchema,
  farmGroupCreateSchema,
  farmGroupSchema,
  farmGroupUpdateSchema,
  farmSchema,
  farmsMoveSchema,
  memberSchema,
  memberUpdateSchema,
} from '@murimi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { guarded } from '../../policy/guard.ts';
import { getFarm } from '../farms/farms.service.ts';
import { assignFarm, createGroup, listGroups, moveFarms, updateGroup } from './groups.service.ts';
import {
  acceptInvitation,
  createInvitation,
  listInvitations,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
} from './invitations.service.ts';
import { changeMemberRole, listMembers, removeMember } from './members.service.ts';

const userParams = z.strictObject({ userId: z.uuid({ message: 'The id in the path must be a UUID.' }) });
const previewQuery = z.union([
  z.strictObject({ token: z.string().min(20, 'This invitation link is incomplete.').max(200) }),
  z.strictObject({ slug: z.string().min(6, 'This invitation link is incomplete.').max(40) }),
]);
const idParams = z.strictObject({ id: z.uuid({ message: 'The id in the path must be a UUID.' }) });

/** An organisation's people, their roles, its groups of farms and who each farm is assigned to. */
export function memberRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = { tags: ['members'], security: [{ bearerAuth: [] }] };
    const reading = guarded(ctx, { action: 'members.read' });
    const managing = guarded(ctx, { action: 'members.manage' });
    const grouping = guarded(ctx, { action: 'groups.manage' });

    app.get(
      '/organisation/members',
      { ...reading, schema: { ...schema, response: { 200: z.object({ data: z.array(memberSchema) }) } } },
      async (request) => ({
        data: await listMembers(ctx, authOf(request)),
      }),
    );
    app.put(
      '/organisation/members/:userId',
      {
        ...managing,
        schema: { ...schema, params: userParams, body: memberUpdateSchema, response: { 200: z.object({ data: memberSchema }) } },
      },
      async (request) => ({ data: await changeMemberRole(ctx, authOf(request), request.params.userId, request.body.role) }),
    );
    app.delete('/organisation/members/:userId', { ...managing, schema: { ...schema, params: userParams } }, async (request, reply) => {
      await removeMember(ctx, authOf(request), request.params.userId);
      return reply.status(204).send();
    });

    const invitationOne = { 200: z.object({ data: invitationSchema }), 201: z.object({ data: invitationSchema }) };
    app.get(
      '/organisation/invitations',
      { ...managing, schema: { ...schema, response: { 200: z.object({ data: z.array(invitationSchema) }) } } },
      async (request) => ({ data: await listInvitations(ctx, authOf(request)) }),
    );
    app.post(
      '/organisation/invitations',
      { ...managing, schema: { ...schema, body: invitationCreateSchema, response: invitationOne } },
      async (request, reply) => reply.status(201).send({ data: await createInvitation(ctx, authOf(request), request.body) }),
    );
    app.post(
      '/organisation/invitations/:id/resend',
      { ...managing, schema: { ...schema, params: idParams, response: invitationOne } },
      async (request) => ({ data: await resendInvitation(ctx, authOf(request), request.params.id) }),
    );
    app.delete('/organisation/invitations/:id', { ...managing, schema: { ...schema, params: idParams } }, async (request, reply) => {
      await revokeInvitation(ctx, authOf(request), request.params.id);
      return reply.status(204).send();
    });

    // The invitation's link, before signing in: the organisation and the role (a bad link counts like a bad reset link).
    app.get(
      '/invitations/preview',
      { schema: { tags: ['members'], querystring: previewQuery, response: { 200: z.object({ data: invitationPreviewSchema }) } } },
      async (request) => ({ data: await previewInvitation(ctx, request.query, request.ip) }),
    );
    // Accepting needs the person signed in (registered first if they are new): they join and get a session there.
    app.post(
      '/invitations/accept',
      {
        ...guarded(ctx, { action: 'account.self' }),
        schema: { ...schema, body: invitationAcceptSchema, response: { 200: authResponseSchema } },
      },
      async (request) => acceptInvitation(ctx, authOf(request).userId, request.body, request.ip),
    );

    app.get(
      '/organisation/groups',
      { ...reading, schema: { ...schema, response: { 200: z.object({ data: z.array(farmGroupSchema) }) } } },
      async (request) => ({
        data: await listGroups(ctx, authOf(request)),
      }),
    );
    app.post(
      '/organisation/groups',
      { ...grouping, schema: { ...schema, body: farmGroupCreateSchema, response: { 201: z.object({ data: farmGroupSchema }) } } },
      async (request, reply) => reply.status(201).send({ data: await createGroup(ctx, authOf(request), request.body) }),
    );
    app.put(
      '/organisation/groups/:id',
      {
        ...grouping,
        schema: { ...schema, params: idParams, body: farmGroupUpdateSchema, response: { 200: z.object({ data: farmGroupSchema }) } },
      },
      async (request) => ({ data: await updateGroup(ctx, authOf(request), request.params.id, request.body) }),
    );

    app.post(
      '/organisation/groups/move-farms',
      {
        ...guarded(ctx, { action: 'farms.assign' }),
        schema: {
          ...schema,
          description: 'Moves farms (with their fields and records) into a group, or out of every group with groupId null: all or none.',
          body: farmsMoveSchema,
          response: { 200: z.object({ data: z.object({ moved: z.number() }) }) },
        },
      },
      async (request) => ({ data: await moveFarms(ctx, authOf(request), request.body) }),
    );

    app.put(
      '/farms/:id/assignment',
      {
        ...guarded(ctx, { action: 'farms.assign', record: 'farms' }),
        schema: { ...schema, params: idParams, body: farmAssignmentSchema, response: { 200: z.object({ data: farmSchema }) } },
      },
      async (request) => {
        const actor = authOf(request);
        await assignFarm(ctx, actor, request.params.id, request.body);
        return { data: await getFarm(ctx, actor.orgId, request.params.id) };
      },
    );
  };
}
