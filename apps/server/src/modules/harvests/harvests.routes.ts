import { harvestCreateSchema, harvestListQuerySchema, harvestSchema, harvestUpdateSchema } from '@murimi/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerOwnedRecordRoutes } from '../../plugins/crud-routes.ts';
import * as harvests from './harvests.service.ts';

export function harvestRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) =>
    registerOwnedRecordRoutes(app, ctx, {
      paths: ['/harvests'],
      tag: 'harvests',
      access: { record: 'harvests', read: 'fields.read', create: 'records.write', edit: 'records.write', delete: 'records.write' },
      schemas: { item: harvestSchema, create: harvestCreateSchema, update: harvestUpdateSchema, query: harvestListQuerySchema },
      service: {
        list: harvests.listHarvests,
        get: harvests.getHarvest,
        create: harvests.createHarvest,
        update: harvests.updateHarvest,
        remove: harvests.deleteHarvest,
      },
    });
}
