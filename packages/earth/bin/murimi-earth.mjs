#!/usr/bin/env node
// The imagery engine's command line (TypeScript sources run through tsx).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
