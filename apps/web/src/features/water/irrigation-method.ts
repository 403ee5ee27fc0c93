import { irrigationMethods, type IrrigationMethod } from '@murimi/core';

/** The method the person chose last on this device, for any field. */
export const LAST_IRRIGATION_METHOD_KEY = 'murimi.irrigation_method';

const isMethod = (value: unknown): value is IrrigationMethod => irrigationMethods.includes(value as IrrigationMethod);

/**
 * The method a new irrigation log starts at, in the order that knows the field best: the method of the field's latest
 * logged irrigation; a field named for its centre pivot ("Centre pivot", "Pivot 2"); the person's last choice on any
 * field; else sprinkler.
 */
export function defaultIrrigationMethod({
  fieldName,
  latestFieldMethod,
  lastChoice,
}: {
  fieldName: string;
  latestFieldMethod: string | null | undefined;
  lastChoice: string | null | undefined;
}): IrrigationMethod {
  if (isMethod(latestFieldMethod)) return latestFieldMethod;
  if (/\bpivots?\b/i.test(fieldName)) return 'pivot';
  if (isMethod(lastChoice)) return lastChoice;
  return 'sprinkler';
}

/** The person's last chosen method on this device, or null (none yet, or no storage). */
export function lastIrrigationMethod(): string | null {
  try {
    return localStorage.getItem(LAST_IRRIGATION_METHOD_KEY);
  } catch {
    return null;
  }
}

export function rememberIrrigationMethod(method: IrrigationMethod): void {
  try {
    localStorage.setItem(LAST_IRRIGATION_METHOD_KEY, method);
  } catch {
    // Private mode or full storage: the next log starts from the field's own default.
  }
}
