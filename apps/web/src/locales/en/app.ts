import { appScreens } from './app-screens.ts';
import { appShell } from './app-shell.ts';

/** Texts of the signed-in screens (the `app` namespace): the shell's, bundled, and the other screens', fetched with them. */
export const app = { ...appShell, ...appScreens } as const;
