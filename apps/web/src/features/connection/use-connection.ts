import { useSyncExternalStore } from 'react';

interface NetworkInformation extends EventTarget {
  effectiveType?: string;
  saveData?: boolean;
}

function connectionInfo(): NetworkInformation | undefined {
  return (navigator as Navigator & { connection?: NetworkInformation }).connection;
}

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  connectionInfo()?.addEventListener('change', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
    connectionInfo()?.removeEventListener('change', listener);
  };
}

/** 'offline', 'slow' (2G or data saver, as the browser reports it) or 'online'. */
function read(): 'offline' | 'slow' | 'online' {
  if (!navigator.onLine) return 'offline';
  const info = connectionInfo();
  if (info && (info.saveData || info.effectiveType === '2g' || info.effectiveType === 'slow-2g')) return 'slow';
  return 'online';
}

export function useConnection() {
  return useSyncExternalStore(subscribe, read, () => 'online' as const);
}
