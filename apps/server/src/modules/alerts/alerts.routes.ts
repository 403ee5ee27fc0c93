import {
  alertListQuerySchema,
  alertListSchema,
  alertSchema,
  alertSnoozeSchema,
  alertThresholdsAnswerSchema,
  alertThresholdsUpdateSchema,
  unreadAlertCountSchema,
} from '@murimi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { guarded } from '../../policy/guard.ts';
import { getAlertThresholds, updateAlertThresholds } from './alert-thresholds.ts';
import * as alerts from './alerts.service.ts';

const idParams = z.strictObject({ id: z.uuid({ message: 'The alert id in the path must be a UUID.' }) });
const one = z.object({ data: alertSchema });
const readBody = z.strictObject({ read: z.boolean().default(true) }).default({ read: true });
const resolveBody = z.strictObject({ resolved: z.boolean().default(true) }).default({ resolved: true });

/**
 * The alerts screen's API: the organisation's alerts, each person's read and snooze state, and its thresholds and
 * fallow-land choice.
 */
export function alertRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['alerts'];
    // Alerts are read as their fields are; marking one read or snoozed is the person's own state of it.
    const signedIn = guarded(ctx, { action: 'fields.read', record: 'alerts' });
    // Resolving an alert ends it for everyone: a record kept on the field.
    const resolving = guarded(ctx, { action: 'records.write', record: 'alerts' });
    const thresholds = guarded(ctx, { action: 'alerts.thresholds' });
    // Everyone may see the thresholds their alerts are raised by.
    const readingThresholds = guarded(ctx, { action: 'account.self' });
    const security = [{ bearerAuth: [] }];
    const reader = authOf;

    app.get(
      '/alerts',
      { ...signedIn, schema: { tags, security, querystring: alertListQuerySchema, response: { 200: alertListSchema } } },
      async (request) => alerts.listAlerts(ctx, reader(request), request.query),
    );

    app.get(
      '/alerts/unread-count',
      { ...signedIn, schema: { tags, security, response: { 200: unreadAlertCountSchema } } },
      async (request) => ({
        data: { unread: await alerts.unreadAlertCount(ctx, reader(request)) },
      }),
    );

    app.get('/alerts/:id', { ...signedIn, schema: { tags, security, params: idParams, response: { 200: one } } }, async (request) => ({
      data: await alerts.getAlert(ctx, reader(request), request.params.id),
    }));

    app.post(
      '/alerts/:id/read',
      { ...signedIn, schema: { tags, security, params: idParams, body: readBody.optional(), response: { 200: one } } },
      async (request) => ({ data: await alerts.markAlertRead(ctx, reader(request), request.params.id, request.body?.read ?? true) }),
    );

    app.post(
      '/alerts/:id/snooze',
      { ...signedIn, schema: { tags, security, params: idParams, body: alertSnoozeSchema, response: { 200: one } } },
      async (request) => ({ data: await alerts.snoozeAlert(ctx, reader(request), request.params.id, new Date(request.body.until)) }),
    );

    app.post(
      '/alerts/:id/resolve',
      { ...resolving, schema: { tags, security, params: idParams, body: resolveBody.optional(), response: { 200: one } } },
      async (request) => ({
        data: await alerts.resolveAlert(ctx, reader(request), request.params.id, request.body?.resolved ?? true),
      }),
    );

    app.get(
      '/alert-thresholds',
      { ...readingThresholds, schema: { tags, security, response: { 200: alertThresholdsAnswerSchema } } },
      async (request) => ({
        data: await getAlertThresholds(ctx, authOf(request)),
      }),
    );

    app.put(
      '/alert-thresholds',
      { ...thresholds, schema: { tags, security, body: alertThresholdsUpdateSchema, response: { 200: alertThresholdsAnswerSchema } } },
      async (request) => ({ data: await updateAlertThresholds(ctx, authOf(request), request.body) }),
    );
  };
}
