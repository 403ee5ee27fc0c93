import type { QueryClient } from '@tanstack/react-query';
import { analysisQuery, latestSummariesQuery, type AnalysisDetail, type LatestSummaries } from '../features/analyses/api/analyses.ts';
import { fieldScenesQuery, imagePeriodOf, sceneImageQuery } from '../features/crop-health/api/imagery.ts';
import { canDrawScene, keepSceneChoice } from '../features/crop-health/scene-choice.ts';
import { farmsQuery } from '../features/farms/api/farms.ts';
import { fieldQuery, fieldsQuery } from '../features/fields/api/fields.ts';
import { api } from '../lib/api/client.ts';
import { publicConfigQuery } from '../lib/api/public-config.ts';

/**
 * The latest health check of a field with the summaries that name it, in one request, each kept under its own read's
 * key: the summaries' read is the one under way, so a screen asking for them meanwhile waits for this answer.
 */
async function latestHealth(client: QueryClient, fieldId: string): Promise<void> {
  await client.fetchQuery({
    ...latestSummariesQuery(fieldId),
    queryFn: async () => {
      const answer = await api.get<{ data: LatestSummaries; results: { health: AnalysisDetail<'health'> | null } }>(
        `/api/analysis/${fieldId}/latest-summaries?results=health`,
      );
      const health = answer.results.health;
      if (health) client.setQueryData(analysisQuery(fieldId, 'health', health.id).queryKey, health);
      return answer.data;
    },
  });
}

/** Crop Health's first view of a field: the boundary, the season's NDVI scenes and the image of the one it opens on. */
async function cropHealthOf(client: QueryClient, fieldId: string): Promise<void> {
  const scenes = await client.fetchQuery(fieldScenesQuery(fieldId, 'ndvi'));
  const chosen = keepSceneChoice(scenes.scenes, null);
  const scene = chosen === null ? null : scenes.scenes[chosen]!;
  if (scene && canDrawScene(scene)) await client.prefetchQuery(sceneImageQuery(fieldId, 'ndvi', scene.sceneId, imagePeriodOf(scenes)));
}

/**
 * What a screen reads first, by path, for the field chosen on this device. Each screen asks for these only once its
 * code has arrived and drawn, and some only once an earlier answer is in (the field list, then the field's scenes,
 * then the image): on a slow mobile network each step is a round trip of over half a second.
 */
const screenReads: Record<string, (client: QueryClient, fieldId: string | null) => Promise<unknown>[]> = {
  '/dashboard': (client, fieldId) => [
    client.prefetchQuery(fieldsQuery()),
    client.prefetchQuery(farmsQuery()),
    ...(fieldId ? [latestHealth(client, fieldId)] : []),
  ],
  '/crop-health': (client, fieldId) => [
    client.prefetchQuery(fieldsQuery()),
    client.prefetchQuery(publicConfigQuery()),
    ...(fieldId ? [client.prefetchQuery(fieldQuery(fieldId)), latestHealth(client, fieldId), cropHealthOf(client, fieldId)] : []),
  ],
};

/**
 * Starts the reads of the screen at `pathname` as the app starts, beside the screen's code rather than after it. The
 * screen then finds them in the query cache (or on their way). A field chosen here earlier that has since gone only
 * costs a refused read: the screen chooses another as it always does.
 */
export async function prefetchScreenData(client: QueryClient, pathname: string, fieldId: string | null): Promise<void> {
  const reads = screenReads[pathname.replace(/(.)\/+$/, '$1')];
  // A failure here is the screen's to show when it asks itself.
  if (reads) await Promise.allSettled(reads(client, fieldId));
}
