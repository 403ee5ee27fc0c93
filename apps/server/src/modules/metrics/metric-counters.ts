import { sql } from 'kysely';
import type { ServiceContext } from '../../app-context.ts';

/**
 * Counters that must agree across processes (several servers and workers share one database), kept in
 * `metric_counters` and read in Prometheus's text format at `GET /api/metrics`. For what a person operating the
 * service watches for, such as a cap on SMS codes biting; per-process figures do not belong here.
 */

/** The counters there are, each with its help line and the labels it is counted by. */
export const METRIC_COUNTERS = {
  murimi_sms_code_caps_reached_total: {
    help: 'Verification codes by SMS refused because a cap was reached, by cap (account-day, service-hour).',
  },
} as const;

export type MetricCounterName = keyof typeof METRIC_COUNTERS;

/** Adds one to a counter, atomically (concurrent increments from any process all count). */
export async function incrementCounter(ctx: ServiceContext, name: MetricCounterName, labels: Record<string, string>): Promise<void> {
  await ctx.database.db
    .insertInto('metricCounters')
    .values({ name, labels: JSON.stringify(labels), value: 1, updatedAt: ctx.now() })
    .onConflict((conflict) =>
      conflict.columns(['name', 'labels']).doUpdateSet({ value: sql`metric_counters.value + 1`, updatedAt: ctx.now() }),
    )
    .execute();
}

/** Every counter in Prometheus's text exposition format (version 0.0.4); a counter never counted reads 0. */
export async function metricsText(ctx: ServiceContext): Promise<string> {
  const rows = await ctx.database.db.selectFrom('metricCounters').select(['name', 'labels', 'value']).orderBy('name').execute();
  const lines: string[] = [];
  for (const [name, { help }] of Object.entries(METRIC_COUNTERS)) {
    lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} counter`);
    const counted = rows.filter((row) => row.name === name);
    if (counted.length === 0) lines.push(`${name} 0`);
    for (const row of counted) lines.push(`${name}${labelText(row.labels)} ${row.value}`);
  }
  return `${lines.join('\n')}\n`;
}

/** `{cap="service-hour"}`, values escaped as the format asks (backslash, quote, newline). */
function labelText(labels: Record<string, string>): string {
  const pairs = Object.entries(labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}="${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`);
  return pairs.length === 0 ? '' : `{${pairs.join(',')}}`;
}
