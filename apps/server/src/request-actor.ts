import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The person a request (or a job done for a person) acts for, for the audit trail: set once the policy has admitted
 * the request (`policy/guard.ts`) and read where owned records are written (`db/owned-records.ts`), so no service
 * has to pass it along. Outside a request (a job) it is nobody unless the job says whom it acts for (`actingFor`).
 */
export interface ActingPerson {
  userId: string;
  orgId: string;
}

const scope = new AsyncLocalStorage<{ person: ActingPerson | null }>();

/** Every request runs in a scope of its own (an onRequest hook, before any other). */
export function inRequestScope(next: () => void): void {
  scope.run({ person: null }, next);
}

/** The request's person, once the policy has admitted them. */
export function setActingPerson(person: ActingPerson): void {
  const store = scope.getStore();
  if (store) store.person = person;
}

export function actingPerson(): ActingPerson | null {
  return scope.getStore()?.person ?? null;
}

/** Work a job does for a person (water logged by SMS): its writes are theirs in the audit trail. */
export function actingFor<T>(person: ActingPerson, work: () => Promise<T>): Promise<T> {
  return scope.run({ person }, work);
}
