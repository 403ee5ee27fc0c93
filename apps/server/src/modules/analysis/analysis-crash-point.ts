import type { Config } from '../../config.ts';

/**
 * Testing only: with `TESTING_CRASH_AT` naming this point, the process ends here at once with SIGKILL, as an
 * out-of-memory kill or a power cut would end it (no `finally`, no rollback sent, no graceful stop). Crash tests
 * use it to stop a process at an exact step; unset, it does nothing.
 */
export function crashHereWhenTesting(config: Pick<Config, 'testingCrashAt'>, point: NonNullable<Config['testingCrashAt']>): void {
  if (config.testingCrashAt === point) process.kill(process.pid, 'SIGKILL');
}
