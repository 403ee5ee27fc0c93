import { QueryClient } from '@tanstack/react-query';
import { registerAccountMutations } from '../features/account/api/account.ts';
import { registerAuthMutations } from '../features/auth/api/auth-mutations.ts';
import { registerFarmMutations } from '../features/farms/api/farms.ts';
import { registerApplicationMutations } from '../features/fertilizer/api/applications.ts';
import { registerFieldMutations } from '../features/fields/api/fields.ts';
import { registerHarvestMutations } from '../features/harvests/api/harvests.ts';
import { registerSoilTestMutations } from '../features/soil-tests/api/soil-tests.ts';
import { registerIrrigationEventMutations, registerRainReadingMutations } from '../features/water/api/water-records.ts';
import { ApiError } from '../lib/api/client.ts';

/**
 * The read cache and the writes. Every write is registered here once, by its key (each feature's
 * `register…Mutations`), so a write can be sent again from its key and variables alone.
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change by asking again; a network failure or 5xx may.
        retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      mutations: {
        // Until writes made offline are kept and sent later, a write sent offline fails at once with the
        // connection message, rather than waiting unseen for the network.
        networkMode: 'always',
      },
    },
  });
  registerAuthMutations(client);
  registerAccountMutations(client);
  registerFarmMutations(client);
  registerFieldMutations(client);
  registerSoilTestMutations(client);
  registerApplicationMutations(client);
  registerIrrigationEventMutations(client);
  registerRainReadingMutations(client);
  registerHarvestMutations(client);
  return client;
}

export const queryClient = createQueryClient();
