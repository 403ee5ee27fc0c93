import type { Visit, VisitCreateInput, VisitQueue } from '@murimi/core';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, apiResponse } from '../../../lib/api/client.ts';
import { listAllPages } from '../../../lib/api/list-pages.ts';
import { visitKeys, visitMutationKeys } from './visit-writes.ts';

/** The fields the person reaches, most in need of a visit first (of one group when given). */
export const visitQueueQuery = (groupId?: string) =>
  queryOptions({
    queryKey: visitKeys.queue(groupId),
    queryFn: () => api.get<VisitQueue>(`/api/visit-queue${groupId ? `?groupId=${encodeURIComponent(groupId)}` : ''}`),
  });

export const useVisitQueue = (groupId?: string) => useQuery(visitQueueQuery(groupId));

/** A field's visits, latest first (the server's order). */
export const visitsQuery = (fieldId?: string) =>
  queryOptions({ queryKey: visitKeys.list(fieldId), queryFn: () => listAllPages<Visit>('/api/visits', { fieldId }) });

export const useVisits = (fieldId?: string) => useQuery(visitsQuery(fieldId));

/**
 * A visit's photo as an address an `<img>` can show: fetched with the session's token (an image request would not
 * carry it) and released when the photo leaves the screen.
 */
export function useVisitPhoto(visitId: string, photoId: string): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    apiResponse(`/api/visits/${visitId}/photos/${photoId}`)
      .then((response) => response.blob())
      .then((blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setState({ url, failed: false });
      })
      .catch(() => {
        if (!cancelled) setState({ url: null, failed: true });
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [visitId, photoId]);
  return state;
}

/** Logs a visit; the input carries its client id (and its photos theirs), so a retried save logs it once. */
export const useCreateVisit = () => useMutation<Visit, Error, VisitCreateInput>({ mutationKey: visitMutationKeys.create });
