import {
  ADJUSTABLE_ALERT_THRESHOLDS,
  heavyRainTriggersOutOfOrder,
  type AdjustableAlertThreshold,
  type AlertThresholds,
} from '@murimi/core';
import type { FieldErrors } from '../../lib/form-errors.ts';
import type { AlertThresholdSettings } from './api/notifications.ts';

/** The thresholds an organisation may set, in core's order (weather, then crop). */
export const thresholdNames = Object.keys(ADJUSTABLE_ALERT_THRESHOLDS) as AdjustableAlertThreshold[];

/** The boxes of the form: the organisation's own value as text, empty where it keeps the default. */
export function thresholdInputsOf(thresholds: AlertThresholds): Record<AdjustableAlertThreshold, string> {
  return Object.fromEntries(thresholdNames.map((name) => [name, thresholds[name] === undefined ? '' : String(thresholds[name])])) as Record<
    AdjustableAlertThreshold,
    string
  >;
}

/** Two thresholds that contradict each other: the 1-day heavy-rain trigger above the 3-day one (core's check). */
export type ThresholdsOutOfOrder = NonNullable<ReturnType<typeof heavyRainTriggersOutOfOrder>>;

/**
 * The thresholds to send (an empty box is left out: the default applies), or for each box what is wrong: not a
 * number, outside the range the server's answer gives, part of a day where days are counted, or (once each is in
 * range) a 1-day heavy-rain trigger above the 3-day one. `outOfRange` and `outOfOrder` word the problems.
 */
export function checkThresholds(
  inputs: Record<AdjustableAlertThreshold, string>,
  defaults: AlertThresholdSettings['defaults'],
  outOfRange: (range: { min: number; max: number; whole: boolean }) => string,
  outOfOrder: (problem: ThresholdsOutOfOrder) => string,
): { data: AlertThresholds; errors: null } | { data: null; errors: FieldErrors } {
  const data: AlertThresholds = {};
  const errors: FieldErrors = {};
  for (const name of thresholdNames) {
    const text = inputs[name].trim().replace(',', '.').replace('−', '-');
    if (text === '') continue;
    const value = Number(text);
    const range = defaults[name] ?? ADJUSTABLE_ALERT_THRESHOLDS[name];
    const whole = range.unit === 'days';
    if (!Number.isFinite(value) || value < range.min || value > range.max || (whole && !Number.isInteger(value))) {
      errors[name] = outOfRange({ min: range.min, max: range.max, whole });
    } else data[name] = value;
  }
  if (Object.keys(errors).length > 0) return { data: null, errors };
  const disorder = heavyRainTriggersOutOfOrder(data);
  return disorder ? { data: null, errors: { [disorder.name]: outOfOrder(disorder) } } : { data, errors: null };
}
