import { onboardingImportSchema, onboardingStartSchema } from '@murimi/core';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../errors.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { guarded } from '../../policy/guard.ts';
import { MAX_ONBOARDING_PACK_BYTES } from './onboarding-file.ts';
import { checkOnboardingFile, getOnboardingImport, startOnboardingImport } from './onboarding.service.ts';

const idParams = z.strictObject({ id: z.uuid({ message: 'The id in the path must be a UUID.' }) });
const checkQuery = z.strictObject({
  fileName: z.string().trim().min(1, 'Give the file name (fileName), e.g. farmers.xlsx.').max(255, 'The file name is too long.'),
});
const answer = { data: onboardingImportSchema };

/**
 * Onboarding by spreadsheet (managers): `POST /organisation/onboarding/check` reads the file (its raw bytes) and
 * answers the dry run; `POST …/:id/import` starts the import as a job; `GET …/:id` is its progress and outcome.
 */
export function onboardingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const access = guarded(ctx, { action: 'onboarding.import' });
    const schema = { tags: ['onboarding'], security: [{ bearerAuth: [] }] };

    // The file travels as the raw request body; only this route reads octet-stream bodies here.
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        'application/octet-stream',
        { parseAs: 'buffer', bodyLimit: MAX_ONBOARDING_PACK_BYTES },
        (_request, body, done) => done(null, body),
      );
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/organisation/onboarding/check',
        {
          ...access,
          bodyLimit: MAX_ONBOARDING_PACK_BYTES,
          schema: {
            ...schema,
            description:
              'Reads a CSV or XLSX of farmers and farms (the raw bytes, Content-Type: application/octet-stream), or a .zip of ' +
              'one with the boundary files its rows name, and answers ' +
              "each row's problems and what an import would create. Creates nothing.",
            consumes: ['application/octet-stream'],
            querystring: checkQuery,
            response: { 201: z.object(answer) },
          },
        },
        async (request, reply) => {
          const bytes = request.body ?? Buffer.alloc(0);
          if (!Buffer.isBuffer(bytes)) {
            throw new AppError(
              'UNSUPPORTED_MEDIA_TYPE',
              "Send the file's bytes as the request body (Content-Type: application/octet-stream).",
            );
          }
          if (bytes.length === 0) throw new AppError('VALIDATION_FAILED', 'The file is empty.');
          const checked = await checkOnboardingFile(ctx, authOf(request), {
            fileName: request.query.fileName,
            bytes: new Uint8Array(bytes),
          });
          return reply.status(201).send({ data: checked });
        },
      );
    });

    app.post(
      '/organisation/onboarding/:id/import',
      { ...access, schema: { ...schema, params: idParams, body: onboardingStartSchema, response: { 202: z.object(answer) } } },
      async (request, reply) => {
        const started = await startOnboardingImport(ctx, authOf(request), request.params.id, request.body);
        return reply.status(202).send({ data: started });
      },
    );

    app.get(
      '/organisation/onboarding/:id',
      { ...access, schema: { ...schema, params: idParams, response: { 200: z.object(answer) } } },
      async (request) => ({ data: await getOnboardingImport(ctx, authOf(request), request.params.id) }),
    );
  };
}
