import {
  fertilizerApplicationCreateSchema,
  fertilizerApplicationListQuerySchema,
  fertilizerApplicationSchema,
  fertilizerApplicationUpdateSchema,
} from '@murimi/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerOwnedRecordRoutes } from '../../plugins/crud-routes.ts';
import * as applications from './fertilizer-applications.service.ts';

export function fertilizerApplicationRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) =>
    registerOwnedRecordRoutes(app, ctx, {
      // The second path is the name the earlier product's screens used (spec §7).
      paths: ['/fertilizer-applications', '/fertilizer/applications'],
      tag: 'fertilizer applications',
      access: {
        record: 'fertilizerApplications',
        read: 'fields.read',
        create: 'records.write',
        edit: 'records.write',
        delete: 'records.write',
      },
      batch: true,
      schemas: {
        item: fertilizerApplicationSchema,
        create: fertilizerApplicationCreateSchema,
        update: fertilizerApplicationUpdateSchema,
        query: fertilizerApplicationListQuerySchema,
      },
      service: {
        list: applications.listApplications,
        get: applications.getApplication,
        create: applications.createApplication,
        update: applications.updateApplication,
        remove: applications.deleteApplication,
      },
    });
}
