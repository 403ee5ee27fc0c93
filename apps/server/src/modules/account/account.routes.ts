import { deleteAccountSchema } from '@murimi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { guarded } from '../../policy/guard.ts';
import { deleteAccount } from '../auth/auth.service.ts';
import { organisationArchive, personArchive } from './data-export.ts';
import { zipStream, type ArchiveFile } from './zip-stream.ts';

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'organisation';

/**
 * A person's own data and account: their archive (`GET /account/export`) and deleting the account
 * (`POST /account/delete`); and the owner's archive of the whole organisation (`GET /organisation/export`).
 */
export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const security = [{ bearerAuth: [] }];
    const download = (files: ArchiveFile[], fileName: string, about: Record<string, unknown>) => ({
      type: 'application/zip',
      disposition: `attachment; filename="${fileName}"`,
      body: zipStream(files, app.log, about),
    });
    const stamp = () => ctx.now().toISOString().slice(0, 10);

    app.get(
      '/account/export',
      { ...guarded(ctx, { action: 'account.self' }), schema: { tags: ['account'], security } },
      async (request, reply) => {
        const { userId } = authOf(request);
        const file = download(personArchive(ctx.database.db, userId), `murimi-my-data-${stamp()}.zip`, { userId });
        return reply.type(file.type).header('content-disposition', file.disposition).header('cache-control', 'no-store').send(file.body);
      },
    );

    app.post(
      '/account/delete',
      {
        ...guarded(ctx, { action: 'account.self' }),
        schema: {
          tags: ['account'],
          security,
          body: deleteAccountSchema,
          response: { 200: z.object({ status: z.literal('ok'), message: z.string() }) },
        },
      },
      async (request) => {
        await deleteAccount(ctx, authOf(request).userId, request.body.password);
        return { status: 'ok' as const, message: 'Your account is deleted. The records you wrote stay with your organisations.' };
      },
    );

    app.get(
      '/organisation/export',
      { ...guarded(ctx, { action: 'organisation.export' }), schema: { tags: ['account'], security } },
      async (request, reply) => {
        const { orgId } = authOf(request);
        const organisation = await ctx.database.db
          .selectFrom('organisations')
          .select('name')
          .where('id', '=', orgId)
          .executeTakeFirstOrThrow();
        const file = download(organisationArchive(ctx.database.db, orgId), `${slugOf(organisation.name)}-${stamp()}.zip`, { orgId });
        return reply.type(file.type).header('content-disposition', file.disposition).header('cache-control', 'no-store').send(file.body);
      },
    );
  };
}
