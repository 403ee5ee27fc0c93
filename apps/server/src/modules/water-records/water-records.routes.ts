import {
  irrigationEventCreateSchema,
  irrigationEventListQuerySchema,
  irrigationEventSchema,
  irrigationEventUpdateSchema,
  rainReadingCreateSchema,
  rainReadingListQuerySchema,
  rainReadingSchema,
  rainReadingUpdateSchema,
} from '@murimi/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerOwnedRecordRoutes } from '../../plugins/crud-routes.ts';
import * as irrigations from './irrigation-events.service.ts';
import * as rainReadings from './rain-readings.service.ts';

/** Irrigation events and rain-gauge readings: the water recorded on a field, which its water balance counts. */
export function waterRecordRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerOwnedRecordRoutes(app, ctx, {
      paths: ['/irrigation-events'],
      tag: 'irrigation events',
      access: { record: 'irrigationEvents', read: 'fields.read', create: 'records.write', edit: 'records.write', delete: 'records.write' },
      batch: true,
      schemas: {
        item: irrigationEventSchema,
        create: irrigationEventCreateSchema,
        update: irrigationEventUpdateSchema,
        query: irrigationEventListQuerySchema,
      },
      service: {
        list: irrigations.listIrrigationEvents,
        get: irrigations.getIrrigationEvent,
        create: irrigations.createIrrigationEvent,
        update: irrigations.updateIrrigationEvent,
        remove: irrigations.deleteIrrigationEvent,
      },
    });
    registerOwnedRecordRoutes(app, ctx, {
      paths: ['/rain-readings'],
      tag: 'rain readings',
      access: { record: 'rainReadings', read: 'fields.read', create: 'records.write', edit: 'records.write', delete: 'records.write' },
      batch: true,
      schemas: {
        item: rainReadingSchema,
        create: rainReadingCreateSchema,
        update: rainReadingUpdateSchema,
        query: rainReadingListQuerySchema,
      },
      service: {
        list: rainReadings.listRainReadings,
        get: rainReadings.getRainReading,
        create: rainReadings.createRainReading,
        update: rainReadings.updateRainReading,
        remove: rainReadings.deleteRainReading,
      },
    });
  };
}
