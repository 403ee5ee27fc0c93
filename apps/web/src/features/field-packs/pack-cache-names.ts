/**
 * Where field packs' files live in Cache Storage, and how the page tells the service worker whose they are: shared by
 * both (`src/sw.ts` answers the map's and Crop Health's requests from the signed-in person's cache only).
 */

/** Earlier versions kept every person's pack files in this one cache; read once to move them, never served. */
export const SHARED_FIELD_PACK_CACHE = 'murimi-field-packs-v1';

/** One cache per person: one person's sign-out removes only their files, and nobody is served another's imagery. */
export const fieldPackCacheName = (userId: string): string => `${SHARED_FIELD_PACK_CACHE}-${userId}`;

/** The page's message to the service worker whenever who is signed in may have changed (start, sign-in, sign-out). */
export interface SignedInPersonMessage {
  type: 'SIGNED_IN_PERSON';
  /** null: nobody is signed in, so no pack is served. */
  userId: string | null;
}

export const signedInPersonMessage = (userId: string | null): SignedInPersonMessage => ({ type: 'SIGNED_IN_PERSON', userId });

export function isSignedInPersonMessage(data: unknown): data is SignedInPersonMessage {
  const message = data as Partial<SignedInPersonMessage> | null;
  return message?.type === 'SIGNED_IN_PERSON' && (message.userId === null || typeof message.userId === 'string');
}
