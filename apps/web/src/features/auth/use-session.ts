import { useSyncExternalStore } from 'react';
import { session, type SessionState } from './session.ts';

const serverState: SessionState = { status: 'initialising' };

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState, () => serverState);
}
