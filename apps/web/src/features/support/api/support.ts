import type { SupportMessageCreate } from '@murimi/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';

export interface SupportReceipt {
  id: string;
  receivedAt: string;
}

/**
 * Sends a message to support now, or fails with the server's words. The message carries its own id, so that sending
 * it again after an answer lost on a slow line is taken once; the form keeps the draft until it is sent.
 */
export function useSendSupportMessage() {
  return useMutation({
    networkMode: 'always',
    mutationFn: async (message: SupportMessageCreate) => (await api.post<{ data: SupportReceipt }>('/api/support/messages', message)).data,
  });
}
