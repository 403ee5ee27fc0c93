import { useState } from 'react';

export type LocateProblem = 'denied' | 'unavailable' | 'timeout' | 'unsupported';
export type LocateState = { status: 'idle' | 'locating' } | { status: 'failed'; reason: LocateProblem };

/**
 * The phone's position (Geolocation API), for a farmer standing in the field; `onFound` gets latitude, longitude and
 * how far off it may be (metres). `fresh` asks for a new fix, never one the phone kept (each walked corner is
 * another place).
 */
export function useLocate(onFound: (latitude: number, longitude: number, accuracyM: number) => void, { fresh = false } = {}) {
  const [state, setState] = useState<LocateState>({ status: 'idle' });
  const locate = () => {
    if (!('geolocation' in navigator)) {
      setState({ status: 'failed', reason: 'unsupported' });
      return;
    }
    setState({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setState({ status: 'idle' });
        onFound(position.coords.latitude, position.coords.longitude, position.coords.accuracy);
      },
      (error) => {
        const reason = error.code === error.PERMISSION_DENIED ? 'denied' : error.code === error.TIMEOUT ? 'timeout' : 'unavailable';
        setState({ status: 'failed', reason });
      },
      { enableHighAccuracy: true, timeout: fresh ? 30_000 : 20_000, maximumAge: fresh ? 0 : 60_000 },
    );
  };
  return { state, locate };
}
