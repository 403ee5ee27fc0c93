import { configDefaults, defineConfig } from 'vitest/config';

/** Timing tests: they measure how the server answers while it works, so they run last and alone. */
const timingTests = ['apps/server/test/event-loop-guard.test.ts', 'apps/server/test/analysis-event-loop.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit and integration',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...timingTests],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: one file per core; each file gets its own database.
          maxWorkers: 2,
        },
      },
      {
        test: {
          // The web app's pure modules (wording, parsing, the build's checks), with every English text.
          name: 'web unit',
          include: ['apps/web/src/**/*.test.ts', 'apps/web/test/**/*.test.ts'],
          setupFiles: ['apps/web/test/texts-setup.ts'],
          testTimeout: 30_000,
          maxWorkers: 2,
        },
      },
      {
        test: {
          // The web app's forms, hooks and boundaries rendered in a DOM with Testing Library; the network is a stub of fetch.
          name: 'web components',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/test/component-setup.ts'],
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One Chromium and one server at a time: the machine has two cores.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'timing',
          include: timingTests,
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          // After every other project, so that no other test competes for the two cores while these measure.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
