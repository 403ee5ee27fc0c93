import { queryOptions } from '@tanstack/react-query';
import { api } from './client.ts';

/** What the server tells every visitor: product name, version, contact details and where map tiles come from. */
export interface PublicConfig {
  productName: string;
  version: string;
  contactEmail: string | null;
  contactPhone: string | null;
  basemap: Basemap;
  /** Feature flags (spec §9): error reports sent to the server, debug entries logged too, the developer pages shown. */
  features: { errorReporting: boolean; debugLogging: boolean; devPages: boolean };
}

/** Where map tiles come from (server configuration); no satellite URL means the plain map. */
export interface Basemap {
  satelliteTilesUrl: string | null;
  overlayTilesUrls: string[];
  attribution: string;
}

/** The server's settings change only with a restart: read once per visit. */
export const publicConfigQuery = () =>
  queryOptions({
    queryKey: ['public-config'] as const,
    queryFn: () => api.get<PublicConfig>('/api/public-config'),
    staleTime: Infinity,
  });
