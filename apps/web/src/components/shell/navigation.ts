/**
 * Navigation entries of spec §2.4, in order; labels are keys of the common namespace. `needs`: the action of the
 * server's policy a screen is for, so that a role without it (a funder reads no field) is not sent to empty screens.
 */
export const sidebarEntries = [
  { to: '/dashboard', label: 'nav.dashboard', icon: 'dashboard' },
  { to: '/alerts', label: 'nav.alerts', icon: 'bell', needs: 'fields.read' },
  { to: '/create-farm-field', label: 'nav.fieldSetup', icon: 'plus', needs: 'fields.write' },
  { to: '/fields', label: 'nav.myFields', icon: 'fields', needs: 'fields.read' },
  { to: '/map', label: 'nav.mapView', icon: 'map', needs: 'fields.read' },
  { to: '/crop-health', label: 'nav.cropHealth', icon: 'leaf', needs: 'fields.read' },
  { to: '/visits', label: 'nav.visits', icon: 'visit', needs: 'fields.read' },
  { to: '/fertilizer', label: 'nav.fertilizer', icon: 'bag', needs: 'fields.read' },
  { to: '/weather', label: 'nav.weatherIrrigation', icon: 'cloud', needs: 'fields.read' },
  { to: '/soil-tests', label: 'nav.soilAnalysis', icon: 'soil', needs: 'fields.read' },
  { to: '/reports', label: 'nav.reports', icon: 'chart', needs: 'reports.read' },
  { to: '/settings', label: 'nav.settings', icon: 'gear' },
] as const;

/**
 * The entries for a person allowed `allowed` (their role's actions); every entry while that is not known yet (first
 * load, offline without it), as the server decides again on every call.
 */
export function entriesFor<Entry extends object>(entries: readonly Entry[], allowed: readonly string[] | undefined): Entry[] {
  return entries.filter((entry) => !allowed || !('needs' in entry) || allowed.includes(entry.needs as string));
}

/**
 * The phone bottom bar's links: the four screens a farmer opens most, which fit a 360 px phone with the "More" button
 * beside them (ten did not: the bar scrolled and clipped "Crop Health"; six left "Dashboard" touching its neighbours
 * and the longer labels on two lines). Alerts took Map View's place: alerts are what a farmer acts on, while the map
 * is the screen that costs most data (the map library and its tiles) and each field still opens it from My Fields.
 * Every other screen is in the menu that "More" opens.
 */
export const bottomNavEntries = [
  { to: '/dashboard', label: 'nav.dashboard', icon: 'dashboard' },
  { to: '/alerts', label: 'nav.alerts', icon: 'bell', needs: 'fields.read' },
  { to: '/fields', label: 'nav.myFields', icon: 'fields', needs: 'fields.read' },
  { to: '/crop-health', label: 'nav.cropHealth', icon: 'leaf', needs: 'fields.read' },
] as const;

/** What a badge counts, for screen readers ("3 unread alerts"), by the path of the entry it sits on. */
export const badgeLabels: Partial<Record<string, 'nav.unreadAlerts'>> = { '/alerts': 'nav.unreadAlerts' };

/** Help pages listed under "Help & Resources" in the signed-in menu. */
export const helpEntries = [
  { to: '/features', label: 'nav.features' },
  { to: '/guides', label: 'nav.guides' },
  { to: '/support', label: 'nav.support' },
] as const;

export type IconName = (typeof sidebarEntries)[number]['icon'];

/** The phone header's title per first path segment (spec §2.4 mobile titles). */
export const mobileTitleByPath: Record<string, string> = {
  dashboard: 'mobileTitles.dashboard',
  alerts: 'mobileTitles.alerts',
  fields: 'mobileTitles.fields',
  farms: 'mobileTitles.fields',
  'create-farm-field': 'mobileTitles.createFarmField',
  map: 'mobileTitles.map',
  'crop-health': 'mobileTitles.cropHealth',
  fertilizer: 'mobileTitles.fertilizer',
  'fertilizer-management': 'mobileTitles.fertilizer',
  'soil-analysis': 'mobileTitles.soilAnalysis',
  'soil-tests': 'mobileTitles.soilAnalysis',
  weather: 'mobileTitles.weather',
  irrigation: 'mobileTitles.weather',
  reports: 'mobileTitles.reports',
  analysis: 'mobileTitles.reports',
  settings: 'mobileTitles.settings',
  people: 'mobileTitles.people',
  visits: 'mobileTitles.visits',
};

/** Paths whose phone header has a back button (spec §2.4); unknown paths have one too. */
export const backButtonPaths = ['/fields/create', '/create-farm-field', '/fields/import', '/people/onboarding', '/visits/log'];
/**
 * Screens with a field picker of their own, labelled for what it chooses beside the advice it changes: the shell
 * shows no second one there (the header's and the sidebar's picker the same choice).
 */
export const ownFieldPickerPaths = ['/weather', '/irrigation', '/crop-health', '/fertilizer', '/fertilizer-management'];
/** Paths whose phone header shows the field selector. */
export const fieldSelectorPaths = ['/dashboard', '/map', '/soil-analysis'];
/** Whether the desktop sidebar offers the field selector on this path. */
export const sidebarShowsFieldSelector = (pathname: string) => !ownFieldPickerPaths.includes(pathname);
/** Paths whose phone header is transparent over the content. */
export const transparentHeaderPaths = ['/dashboard', '/map'];

/** Breadcrumb labels for known path segments. */
export const breadcrumbLabels: Record<string, string> = {
  dashboard: 'Dashboard',
  alerts: 'Alerts',
  farms: 'Farms',
  fields: 'My Fields',
  'soil-tests': 'Soil Test Records',
  log: 'Log Soil Test',
  'create-farm-field': 'Field Setup',
  fertilizer: 'Fertilizer',
  'fertilizer-management': 'Fertilizer Management',
  reports: 'Reports',
  analysis: 'Crop Analysis',
  'crop-health': 'Crop Health',
  'soil-analysis': 'Soil Analysis',
  weather: 'Weather & Irrigation',
  irrigation: 'Irrigation & Weather',
  settings: 'Settings',
  people: 'Organisation & people',
  billing: 'Plan & billing',
  support: 'Support',
  programme: 'Programme figures',
  create: 'Create',
  import: 'Import fields',
  onboarding: 'Add farmers',
  visits: 'Visit queue',
  // A whole path, where its last segment means something else elsewhere ("log" is the soil test log).
  '/visits/log': 'Log a visit',
};

export interface Crumb {
  label: string;
  to: string | null;
}

/**
 * Breadcrumbs for a path (spec §2.4): none for one segment or fewer; otherwise Dashboard first, then each
 * segment by its known label (ids as "Details"); more than 4 items collapse to the first, an ellipsis and
 * the last two.
 */
export function breadcrumbsFor(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length <= 1) return [];
  const crumbs: Crumb[] = [{ label: 'Dashboard', to: '/dashboard' }];
  segments.forEach((segment, i) => {
    if (i === 0 && segment === 'dashboard') return;
    const to = `/${segments.slice(0, i + 1).join('/')}`;
    crumbs.push({ label: breadcrumbLabels[to] ?? breadcrumbLabels[segment] ?? 'Details', to: i === segments.length - 1 ? null : to });
  });
  if (crumbs.length <= 4) return crumbs;
  return [crumbs[0]!, { label: '…', to: null }, ...crumbs.slice(-2)];
}

/** Bottom-bar badge text: counts over 99 read "99+". */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}
