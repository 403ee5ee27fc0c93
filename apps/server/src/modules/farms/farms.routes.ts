import { farmCreateSchema, farmSchema, farmUpdateSchema, listQuerySchema } from '@murimi/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerOwnedRecordRoutes } from '../../plugins/crud-routes.ts';
import * as farms from './farms.service.ts';

export function farmRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) =>
    registerOwnedRecordRoutes(app, ctx, {
      paths: ['/farms'],
      tag: 'farms',
      access: { record: 'farms', read: 'farms.read', create: 'farms.create', edit: 'farms.edit', delete: 'farms.delete' },
      schemas: { item: farmSchema, create: farmCreateSchema, update: farmUpdateSchema, query: listQuerySchema },
      service: {
        list: farms.listFarms,
        get: farms.getFarm,
        create: farms.createFarm,
        update: farms.updateFarm,
        remove: farms.deleteFarm,
      },
    });
}
