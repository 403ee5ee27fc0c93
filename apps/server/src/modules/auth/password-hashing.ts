import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { AppError } from '../../errors.ts';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (about 12 ms of one core).
const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id (a const enum, so not importable as a value)
const argonOptions = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * argon2 runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which file reads,
 * zlib (compressed answers, imagery tiles) and DNS share. Two hashes at a time leave the rest of the pool free
 * however many people sign in at once.
 */
export const MAX_CONCURRENT_HASHES = 2;
/** Beyond this many waiting (about 0.8 s of work at 2 × 12 ms), a sign-in is refused at once, not queued. */
export const MAX_WAITING_HASHES = 128;
const BUSY_RETRY_AFTER_SECONDS = 2;

let running = 0;
const waiting: (() => void)[] = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) {
    if (waiting.length >= MAX_WAITING_HASHES) {
      throw new AppError('SERVICE_UNAVAILABLE', 'The server is busy. Please try again in a moment.', undefined, BUSY_RETRY_AFTER_SECONDS);
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next in line; the count stays the same.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/**
 * The one way the server hashes and checks passwords (argon2id), through a small queue. An object, so tests
 * can count the calls that reach argon2.
 */
export const passwordHasher = {
  hash(password: string): Promise<string> {
    return withHashSlot(() => hash(password, argonOptions));
  },
  verify(passwordHash: string, password: string): Promise<boolean> {
    return withHashSlot(() => verify(passwordHash, password));
  },
};
