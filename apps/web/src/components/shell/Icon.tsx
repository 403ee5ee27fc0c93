import { StrokeIcon } from '../ui/StrokeIcon.tsx';
import type { IconName } from './navigation.ts';

// Simple 24×24 stroke icons drawn for the navigation; no icon font to download.
const paths: Record<IconName | 'menu' | 'close' | 'back' | 'chevron' | 'user', string> = {
  dashboard: 'M3 13h8V3H3zm10 8h8V11h-8zM3 21h8v-6H3zm10-18v6h8V3z',
  bell: 'M6 9a6 6 0 0112 0c0 6 2.5 8 2.5 8h-17S6 15 6 9zm4.3 11.5a2 2 0 003.4 0',
  plus: 'M12 5v14M5 12h14',
  fields: 'M3 7l9-4 9 4-9 4zm0 5l9 4 9-4M3 17l9 4 9-4',
  map: 'M9 4L3 6v14l6-2 6 2 6-2V4l-6 2zm0 0v14m6-12v14',
  leaf: 'M5 19c0-8 6-14 15-14 0 9-6 15-14 15H5zm0 0l7-7',
  visit: 'M9 3h6v3H9zM7 4.5H5V21h14V4.5h-2M8.5 13l2.5 2.5 4.5-5',
  bag: 'M6 7h12l1 14H5zm3 0V5a3 3 0 016 0v2',
  cloud: 'M7 18h10a4 4 0 000-8 6 6 0 00-11.6 1.5A3.5 3.5 0 007 18z',
  soil: 'M3 18h18M5 14h14M8 10h8M12 3v7',
  chart: 'M4 20V10m6 10V4m6 16v-7m4 7H2',
  gear: 'M12 15a3 3 0 100-6 3 3 0 000 6zm7.4-3a7.4 7.4 0 00-.1-1.3l2-1.6-2-3.4-2.4 1a7.5 7.5 0 00-2.2-1.3L14.3 3h-4l-.4 2.4a7.5 7.5 0 00-2.2 1.3l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 000 2.6l-2 1.6 2 3.4 2.4-1a7.5 7.5 0 002.2 1.3l.4 2.4h4l.4-2.4a7.5 7.5 0 002.2-1.3l2.4 1 2-3.4-2-1.6c.1-.4.1-.9.1-1.3z',
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
  back: 'M15 18l-6-6 6-6',
  chevron: 'M9 6l6 6-6 6',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zm-7 9a7 7 0 0114 0',
};

export function Icon({ name, className = 'size-6' }: { name: keyof typeof paths; className?: string }) {
  return <StrokeIcon d={paths[name]} className={className} />;
}
