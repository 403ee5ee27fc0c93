import { deleteAccountSchema } from '@murimi/core';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { fileSlug } from '../../file-names.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { guarded } from '../../policy/guard.ts';
import { deleteAccount } from '../auth/auth.service.ts';
import { organisationArchive, personArchive } from './data-export.ts';
import { photoStore } from '../visits/photo-store.ts';
import { zipStream, type ArchiveFile } from '../../zip-stream.ts';

/**
 * A person's own data and account: their archive (`GET /account/export`) and deleting the account
 * (`POST /account/delete`); and the owner's archive of the whole organisation (`GET /organisation/export`).
 */
export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const security = [{ bearerAuth: [] }];
    /** Sends files as one zip archive, written as it is sent. */
    const sendArchive = (reply: FastifyReply, files: AsyncIterable<ArchiveFile>, name: string, about: Record<string, unknown>) =>
      reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${name}-${ctx.now().toISOString().slice(0, 10)}.zip"`)
        .header('cache-control', 'no-store')
        .send(zipStream(files, app.log, about));

    app.get(
      '/account/export',
      { ...guarded(ctx, { action: 'account.self' }), schema: { tags: ['account'], security } },
      async (request, reply) => {
        const { userId } = authOf(request);
        return sendArchive(reply, personArchive(ctx.database.db, photoStore(ctx.config), userId), 'murimi-my-data', { userId });
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
        return sendArchive(
          reply,
          organisationArchive(ctx.database.db, photoStore(ctx.config), orgId),
          fileSlug(organisation.name, 'organisation'),
          { orgId },
        );
      },
    );
  };
}
