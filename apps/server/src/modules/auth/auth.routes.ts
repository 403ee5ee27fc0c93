import {
  myOrganisationSchema,
  switchOrganisationSchema,
  authResponseSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  profileUpdateSchema,
  registerSchema,
  resetPasswordSchema,
  userSchema,
  verifyEmailSchema,
} from '@murimi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../errors.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { guarded } from '../../policy/guard.ts';
import * as auth from './auth.service.ts';

const messageSchema = z.object({ status: z.literal('ok'), message: z.string() });

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['auth'];
    const signedIn = { ...guarded(ctx, { action: 'account.self' }), schema: { tags, security: [{ bearerAuth: [] }] } };

    app.post('/auth/register', { schema: { tags, body: registerSchema, response: { 201: authResponseSchema } } }, async (request, reply) =>
      reply.status(201).send(await auth.registerAccount(ctx, request.body, request.ip)),
    );

    app.post('/auth/login', { schema: { tags, body: loginSchema, response: { 200: authResponseSchema } } }, async (request) =>
      auth.logIn(ctx, request.body, request.ip),
    );

    app.post('/auth/logout', { ...signedIn, schema: { ...signedIn.schema, response: { 200: messageSchema } } }, async (request) => {
      const { tokenId, expiresAt } = authOf(request);
      await auth.logOut(ctx, tokenId, expiresAt);
      return { status: 'ok' as const, message: 'Signed out.' };
    });

    app.get(
      '/auth/me',
      { ...signedIn, schema: { ...signedIn.schema, response: { 200: z.object({ data: userSchema }) } } },
      async (request) => ({
        data: await auth.currentUser(ctx, authOf(request).userId, authOf(request).orgId),
      }),
    );

    app.put(
      '/auth/me',
      { ...signedIn, schema: { ...signedIn.schema, body: profileUpdateSchema, response: { 200: z.object({ data: userSchema }) } } },
      async (request) => ({ data: await auth.updateProfile(ctx, authOf(request), request.body) }),
    );

    app.get(
      '/auth/organisations',
      { ...signedIn, schema: { ...signedIn.schema, response: { 200: z.object({ data: z.array(myOrganisationSchema) }) } } },
      async (request) => ({ data: await auth.myOrganisations(ctx, authOf(request).userId) }),
    );

    // The header's switcher: a session in another organisation the person belongs to.
    app.post(
      '/auth/switch-organisation',
      { ...signedIn, schema: { ...signedIn.schema, body: switchOrganisationSchema, response: { 200: authResponseSchema } } },
      async (request) => auth.switchOrganisation(ctx, authOf(request).userId, request.body.organisationId),
    );

    // Sessions last until the access token expires; there are no refresh tokens to trade in (spec §4).
    app.post('/auth/refresh', { schema: { tags } }, async () => {
      throw new AppError('UNAUTHENTICATED', 'Sessions cannot be refreshed. Please log in again.');
    });

    app.post(
      '/auth/verify-email',
      { schema: { tags, body: verifyEmailSchema, response: { 200: z.object({ data: userSchema }) } } },
      async (request) => ({
        data: await auth.verifyEmail(ctx, request.body.token, request.ip),
      }),
    );

    app.post(
      '/auth/resend-verification',
      { ...signedIn, schema: { ...signedIn.schema, response: { 200: messageSchema } } },
      async (request) => {
        await auth.resendVerification(ctx, authOf(request).userId);
        return { status: 'ok' as const, message: 'If your address is not yet confirmed, we have sent a new confirmation link.' };
      },
    );

    app.post(
      '/auth/forgot-password',
      { schema: { tags, body: forgotPasswordSchema, response: { 200: messageSchema } } },
      async (request) => {
        await auth.requestPasswordReset(ctx, request.body.email, request.ip);
        return { status: 'ok' as const, message: 'If an account exists for that e-mail, we have sent a link to reset the password.' };
      },
    );

    app.post(
      '/auth/reset-password',
      { schema: { tags, body: resetPasswordSchema, response: { 200: authResponseSchema } } },
      async (request) => auth.resetPassword(ctx, request.body.token, request.body.password, request.ip),
    );

    app.post(
      '/auth/change-password',
      { ...signedIn, schema: { ...signedIn.schema, body: changePasswordSchema, response: { 200: authResponseSchema } } },
      async (request) => auth.changePassword(ctx, authOf(request).userId, request.body.currentPassword, request.body.newPassword),
    );
  };
}
