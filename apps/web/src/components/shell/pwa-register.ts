/// <reference types="vite-plugin-pwa/vanillajs" />
// The build's registration module, behind a file of our own: only the production build (vite-plugin-pwa) can
// resolve it, and code that merely mentions it in a dynamic import still has to be resolvable by the test runner.
export { registerSW } from 'virtual:pwa-register';
