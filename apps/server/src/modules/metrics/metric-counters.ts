import { sql } from 'kysely';
import type { ServiceContext } from '../../app-context.ts';
import { processMetrics } from './process-metrics.ts';

/**
 * Counters that must agree across processes (several servers and workers share one database), kept in
 * `metric_counters` and read in Prometheus's text format at `GET /api/metrics`. For what a person operating the
 * service watches for, such as a cap on SMS codes biting or a weather service failing; per-process figures live in
 * `process-metrics.ts`.
 */

/** The counters there are, each with its help line and the labels it is counted by. */
export const METRIC_COUNTERS = {
  murimi_sms_code_caps_reached_total: {
    help: 'Verification codes by SMS refused because a cap was reached, by cap (account-day, service-hour).',
  },
  murimi_outside_requests_total: {
    help: 'Requests to services outside Murimi (imagery catalogue, weather, SMS) by any process, by service host and outcome (answered, failed after its retries).',
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

/**
 * Every metric in Prometheus's text exposition format (version 0.0.4): this process's own (`process-metrics.ts`), then
 * what the deployment shares, read from the database — the counters (a counter never counted reads 0), the jobs by
 * queue and state, the durations of the jobs that ended in the last hour (completed or failed), and SMS by state.
 */
export async function metricsText(ctx: ServiceContext): Promise<string> {
  const [processText, counterRows, jobRows, durationRows, smsRows] = await Promise.all([
    processMetrics.metrics(),
    ctx.database.db.selectFrom('metricCounters').select(['name', 'labels', 'value']).orderBy('name').execute(),
    sql<{ name: string; state: string; jobs: number }>`
      select name, state::text as state, count(*)::int as jobs from pgboss.job group by name, state order by name, state`.execute(
      ctx.database.db,
    ),
    sql<{ name: string; state: string; jobs: number; seconds: number }>`
      select name, state::text as state, count(*)::int as jobs,
             coalesce(sum(extract(epoch from completed_on - started_on)), 0)::float8 as seconds
        from pgboss.job
       where state in ('completed', 'failed') and completed_on > now() - interval '1 hour' and started_on is not null
       group by name, state order by name, state`.execute(ctx.database.db),
    ctx.database.db
      .selectFrom('smsOutbox')
      .select(['status', (eb) => eb.fn.countAll<number>().as('messages')])
      .groupBy('status')
      .execute(),
  ]);
  const lines: string[] = [];
  for (const [name, { help }] of Object.entries(METRIC_COUNTERS)) {
    lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} counter`);
    const counted = counterRows.filter((row) => row.name === name);
    if (counted.length === 0) lines.push(`${name} 0`);
    for (const row of counted) lines.push(`${name}${labelText(row.labels)} ${row.value}`);
  }
  lines.push('# HELP murimi_jobs Jobs in the queue now, by queue and state (created, retry, active, completed, failed, cancelled).');
  lines.push('# TYPE murimi_jobs gauge');
  for (const row of jobRows.rows) lines.push(`murimi_jobs${labelText({ queue: row.name, state: row.state })} ${row.jobs}`);
  lines.push(
    '# HELP murimi_job_seconds_last_hour Time the jobs that ended in the last hour took from start to end, by queue and how they ended.',
  );
  lines.push('# TYPE murimi_job_seconds_last_hour summary');
  for (const row of durationRows.rows) {
    const labels = labelText({ queue: row.name, state: row.state });
    lines.push(`murimi_job_seconds_last_hour_sum${labels} ${row.seconds}`, `murimi_job_seconds_last_hour_count${labels} ${row.jobs}`);
  }
  lines.push('# HELP murimi_sms_messages Text messages in the outbox, by state (queued, sending, sent, delivered, failed, …).');
  lines.push('# TYPE murimi_sms_messages gauge');
  for (const row of smsRows) lines.push(`murimi_sms_messages${labelText({ state: row.status })} ${Number(row.messages)}`);
  return `${processText.trimEnd()}\n${lines.join('\n')}\n`;
}

/** `{cap="service-hour"}`, values escaped as the format asks (backslash, quote, newline). */
function labelText(labels: Record<string, string>): string {
  const pairs = Object.entries(labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}="${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`);
  return pairs.length === 0 ? '' : `{${pairs.join(',')}}`;
}
