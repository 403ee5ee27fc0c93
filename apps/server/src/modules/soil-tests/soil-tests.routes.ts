import { soilTestCreateSchema, soilTestListQuerySchema, soilTestSchema, soilTestUpdateSchema } from '@murimi/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerOwnedRecordRoutes } from '../../plugins/crud-routes.ts';
import * as soilTests from './soil-tests.service.ts';

export function soilTestRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) =>
    registerOwnedRecordRoutes(app, ctx, {
      paths: ['/soil-tests'],
      tag: 'soil tests',
      access: { record: 'soilTests', read: 'fields.read', create: 'records.write', edit: 'records.write', delete: 'records.write' },
      batch: true,
      schemas: { item: soilTestSchema, create: soilTestCreateSchema, update: soilTestUpdateSchema, query: soilTestListQuerySchema },
      service: {
        list: soilTests.listSoilTests,
        get: soilTests.getSoilTest,
        create: soilTests.createSoilTest,
        update: soilTests.updateSoilTest,
        remove: soilTests.deleteSoilTest,
      },
    });
}
