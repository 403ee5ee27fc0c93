/** A field by its place in the order a daily schedule is cut into batches: organisation, then field id. */
export interface FieldKey {
  orgId: string;
  fieldId: string;
}

/**
 * One batch job's share of a day's schedule: the fields from `from` (included) up to `until` (left out), in
 * (organisation, field id) order; null is the first or the last field there is. One day's batches meet end to end,
 * so a field planted or created after the fan-out still falls in exactly one of them.
 */
export interface ScheduleBatch {
  from: FieldKey | null;
  until: FieldKey | null;
}

/**
 * Cuts the in-season fields, sorted by organisation then field id, into batches of at most `maxFields`. A batch ends
 * before an organisation that does not fit in what is left of it, so an organisation's fields are handled by one
 * job unless it has more than a batch holds; then it fills batches of its own.
 */
export function planScheduleBatches(fields: readonly FieldKey[], maxFields: number): ScheduleBatch[] {
  if (!(maxFields >= 1)) throw new RangeError(`a batch holds at least one field, not ${maxFields}`);
  const fieldsPerOrganisation = new Map<string, number>();
  for (const { orgId } of fields) fieldsPerOrganisation.set(orgId, (fieldsPerOrganisation.get(orgId) ?? 0) + 1);
  const starts: FieldKey[] = [];
  let inBatch = 0;
  fields.forEach((field, i) => {
    const firstOfOrganisation = i === 0 || fields[i - 1]!.orgId !== field.orgId;
    if (firstOfOrganisation && inBatch > 0 && inBatch + fieldsPerOrganisation.get(field.orgId)! > maxFields) inBatch = maxFields;
    if (starts.length === 0 || inBatch === maxFields) {
      starts.push(field);
      inBatch = 0;
    }
    inBatch++;
  });
  return starts.map((start, k) => ({ from: k === 0 ? null : start, until: starts[k + 1] ?? null }));
}

/** The batch's name for the day: the same batch planned again that day gets the same key, and is not sent twice. */
export function scheduleBatchKey(day: string, batch: ScheduleBatch): string {
  return batch.from ? `${day}:${batch.from.orgId}:${batch.from.fieldId}` : `${day}:first`;
}
