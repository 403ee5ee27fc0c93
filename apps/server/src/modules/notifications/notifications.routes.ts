import {
  notificationPreferencesSchema,
  notificationSettingsSchema,
  recentSmsSchema,
  smsPhoneRequestSchema,
  smsPhoneVerifySchema,
} from '@murimi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { guarded } from '../../policy/guard.ts';
import * as settings from './notification-settings.service.ts';

/** A person's alert and message preferences and the SMS number they verify. */
export function notificationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['notifications'];
    const signedIn = guarded(ctx, { action: 'account.self' });
    const security = [{ bearerAuth: [] }];
    const response = { 200: notificationSettingsSchema };

    app.get('/me/notification-preferences', { ...signedIn, schema: { tags, security, response } }, async (request) => ({
      data: await settings.getNotificationSettings(ctx, authOf(request).userId),
    }));

    app.put(
      '/me/notification-preferences',
      { ...signedIn, schema: { tags, security, body: notificationPreferencesSchema, response } },
      async (request) => ({ data: await settings.updateNotificationPreferences(ctx, authOf(request).userId, request.body) }),
    );

    app.post('/me/sms-phone', { ...signedIn, schema: { tags, security, body: smsPhoneRequestSchema, response } }, async (request) => ({
      data: await settings.requestSmsPhoneCode(ctx, authOf(request).userId, request.body.phone, request.log),
    }));

    app.post(
      '/me/sms-phone/verify',
      { ...signedIn, schema: { tags, security, body: smsPhoneVerifySchema, response } },
      async (request) => ({
        data: await settings.verifySmsPhone(ctx, authOf(request).userId, request.body.code),
      }),
    );

    app.get('/me/sms-messages', { ...signedIn, schema: { tags, security, response: { 200: recentSmsSchema } } }, async (request) => ({
      data: await settings.recentSmsMessages(ctx, authOf(request).userId),
    }));
    app.delete('/me/sms-phone', { ...signedIn, schema: { tags, security, response } }, async (request) => ({
      data: await settings.removeSmsPhone(ctx, authOf(request).userId),
    }));
  };
}
