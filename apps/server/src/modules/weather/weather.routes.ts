import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { guarded } from '../../policy/guard.ts';
import { currentWeatherAnswerSchema, fieldWeatherSchema, forecastAnswerSchema, historicalAnswerSchema } from './weather.schemas.ts';
import * as weather from './weather.service.ts';

// A missing key keeps zod's own wording, which the error handler turns into "fieldId is required.".
const fieldId = z.uuid({ error: (issue) => (issue.input === undefined ? undefined : 'fieldId must be a UUID.') });

const calendarDate = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date written YYYY-MM-DD.`)
    .refine((date) => {
      const parsed = new Date(`${date}T00:00:00Z`);
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
    }, `${name} is not a calendar date.`);

const forecastDayChoices = Array.from({ length: weather.FORECAST_DAYS }, (_, i) => String(i + 1)) as [string, ...string[]];

const fieldQuerySchema = z.strictObject({ fieldId });
const forecastQuerySchema = z.strictObject({
  fieldId,
  // An enum rather than a coerced number: the OpenAPI document lists the choices, and "2.5" or "many" get this message.
  days: z
    .enum(forecastDayChoices, { message: `days is a whole number from 1 to ${weather.FORECAST_DAYS}.` })
    .default(String(weather.FORECAST_DAYS) as (typeof forecastDayChoices)[number]),
  hourly: z.enum(['true', 'false'], { message: 'hourly is true or false.' }).default('false'),
});
const historicalQuerySchema = z.strictObject({ fieldId, start: calendarDate('start'), end: calendarDate('end') });
const fieldParams = z.strictObject({ fieldId });

const unavailable = z.object({ error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }) });

/**
 * Weather for a field (spec §7: `GET /api/weather/{fieldId}`; developer page: `/current`, `/forecast`,
 * `/historical`). Every answer names its `source` (`open-meteo` or `simulated`) and the unit of every number;
 * 503 when Open-Meteo cannot be reached and there is nothing to fall back on.
 */
export function weatherRoutes(ctx: AppContext) {
  return async (parent: FastifyInstance) => {
    const app = parent.withTypeProvider<ZodTypeProvider>();
    const schema = { tags: ['weather'], security: [{ bearerAuth: [] }] };
    // Weather, zones and pictures of a field are read as the field is.
    const reading = guarded(ctx, { action: 'fields.read' });

    app.get(
      '/weather/current',
      {
        ...reading,
        schema: {
          ...schema,
          description: "Conditions now at the field (Open-Meteo's model, at most an hour old).",
          querystring: fieldQuerySchema,
          response: { 200: z.object({ data: currentWeatherAnswerSchema }), 503: unavailable },
        },
      },
      async (request) => ({ data: await weather.getCurrentWeather(ctx, authOf(request).orgId, request.query.fieldId, request.log) }),
    );

    app.get(
      '/weather/forecast',
      {
        ...reading,
        schema: {
          ...schema,
          description: `Today and the next days (1–${weather.FORECAST_DAYS}, default ${weather.FORECAST_DAYS}); with hourly=true also their hours.`,
          querystring: forecastQuerySchema,
          response: { 200: z.object({ data: forecastAnswerSchema }), 503: unavailable },
        },
      },
      async (request) => {
        const { fieldId: id, days, hourly } = request.query;
        return {
          data: await weather.getWeatherForecast(
            ctx,
            authOf(request).orgId,
            { fieldId: id, days: Number(days), hourly: hourly === 'true' },
            request.log,
          ),
        };
      },
    );

    app.get(
      '/weather/historical',
      {
        ...reading,
        schema: {
          ...schema,
          description: `Past days from start to end (YYYY-MM-DD, at most ${weather.MAX_HISTORICAL_DAYS} days, end not in the future) from the ERA5 archive.`,
          querystring: historicalQuerySchema,
          response: { 200: z.object({ data: historicalAnswerSchema }), 503: unavailable },
        },
      },
      async (request) => ({ data: await weather.getHistoricalWeather(ctx, authOf(request).orgId, request.query, request.log) }),
    );

    // After the fixed paths above; find-my-way prefers them anyway, so "current" is never read as a field id.
    app.get(
      '/weather/:fieldId',
      {
        ...reading,
        schema: {
          ...schema,
          description: `Current conditions, the ${weather.FORECAST_DAYS}-day forecast and the last ${weather.PAST_DAYS} days at the field.`,
          params: fieldParams,
          response: { 200: z.object({ data: fieldWeatherSchema }), 503: unavailable },
        },
      },
      async (request) => ({ data: await weather.getFieldWeather(ctx, authOf(request).orgId, request.params.fieldId, request.log) }),
    );
  };
}
