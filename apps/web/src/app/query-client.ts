import { QueryClient } from '@tanstack/react-query';
import { registerAccountMutations } from '../features/account/api/account.ts';
import { registerAlertMutations } from '../features/alerts/api/alerts.ts';
import { registerAuthMutations } from '../features/auth/api/auth-mutations.ts';
import { registerFarmMutations } from '../features/farms/api/farms.ts';
import { registerApplicationMutations } from '../features/fertilizer/api/applications.ts';
import { registerFieldMutations } from '../features/fields/api/fields.ts';
import { registerHarvestMutations } from '../features/harvests/api/harvests.ts';
import { registerVisitMutations } from '../features/visits/api/visit-writes.ts';
import { registerNotificationMutations } from '../features/notifications/api/notifications.ts';
import { registerSoilTestMutations } from '../features/soil-tests/api/soil-tests.ts';
import { registerIrrigationEventMutations, registerRainReadingMutations } from '../features/water/api/water-records.ts';
import { ApiError } from '../lib/api/client.ts';
import { keepWrittenAnswers, queryPersister } from './query-persister.ts';

/**
 * The read cache and the writes. Every write is registered here once, by its key (each feature's
 * `register…Mutations`), so a write can be sent again from its key and variables alone.
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Spec §9: what is not on a screen leaves memory after 5 minutes (the device keeps its copy).
        gcTime: 5 * 60_000,
        // Each read is kept on the device and restored from there when the screen has nothing yet (offline too).
        persister: queryPersister.persisterFn,
        // Run the query function offline once, so the kept copy is restored; the network call then fails at once.
        networkMode: 'offlineFirst',
        // A 4xx will not change by asking again; a network failure or 5xx may, unless the device is offline.
        retry: (failures, error) =>
          failures < 2 &&
          (typeof navigator === 'undefined' || navigator.onLine) &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      mutations: {
        // The offline-capable writes decide themselves whether to send or keep (`sendOrQueue`); the others fail at
        // once offline with the connection message rather than wait unseen for the network.
        networkMode: 'always',
      },
    },
  });
  keepAtMostInMemory(client, MEMORY_CACHE_MAX_QUERIES);
  keepWrittenAnswers(client);
  registerAuthMutations(client);
  registerAccountMutations(client);
  registerFarmMutations(client);
  registerFieldMutations(client);
  registerSoilTestMutations(client);
  registerApplicationMutations(client);
  registerIrrigationEventMutations(client);
  registerRainReadingMutations(client);
  registerHarvestMutations(client);
  registerVisitMutations(client);
  registerAlertMutations(client);
  registerNotificationMutations(client);
  return client;
}

/** Spec §9: at most 50 answers in memory; the device keeps its own copies, so one dropped here is read back from there. */
export const MEMORY_CACHE_MAX_QUERIES = 50;

/** Drops the least recently updated answers no screen is showing, whenever more than `max` are held. */
function keepAtMostInMemory(client: QueryClient, max: number): void {
  const cache = client.getQueryCache();
  cache.subscribe((event) => {
    if (event.type !== 'added') return;
    const all = cache.getAll();
    if (all.length <= max) return;
    const unused = all
      .filter((query) => query !== event.query && query.getObserversCount() === 0)
      .sort((a, b) => a.state.dataUpdatedAt - b.state.dataUpdatedAt);
    for (const query of unused.slice(0, all.length - max)) cache.remove(query);
  });
}

export const queryClient = createQueryClient();
