import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { appScreens } from '../src/locales/en/app-screens.ts';
import { appShell } from '../src/locales/en/app-shell.ts';

// The `app` texts are split: the shell's (`app-shell.ts`) come with the app's first file, the other screens'
// (`app-screens.ts`) with those screens' code. A text of the second part used by code that runs before they arrive
// would show as its key. This finds, in every module the entry and the screens that do not fetch them import
// (statically: what runs before a screen's own code), each string that starts with one of the second part's top keys.
const web = path.resolve(import.meta.dirname, '..');
const routes = readFileSync(path.join(web, 'src/app/routes.tsx'), 'utf8');

/** The screens loaded with `lazyPage` rather than `screenPage`: they show without the screens' texts. */
const screensWithoutTexts = [...routes.matchAll(/lazyPage\(\(\) => import\('\.\.\/(pages\/[^']+)'\)\)/g)].map((match) =>
  path.join(web, 'src', match[1]!),
);

/** Source files the entry and `entries` import statically, however deep (the whole of a module, not what is used). */
async function staticClosure(entries: string[]): Promise<string[]> {
  const { metafile } = await build({
    entryPoints: entries,
    bundle: true,
    write: false,
    metafile: true,
    splitting: true,
    format: 'esm',
    outdir: path.join(web, 'dist-texts-check'),
    jsx: 'automatic',
    loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty' },
    external: ['virtual:*'],
    logLevel: 'silent',
    absWorkingDir: path.resolve(web, '../..'),
  });
  const seen = new Set<string>();
  const pending = entries.map((entry) => path.relative(path.resolve(web, '../..'), entry));
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const imported of metafile.inputs[file]?.imports ?? []) if (imported.kind !== 'dynamic-import') pending.push(imported.path);
  }
  return [...seen].filter((file) => file.startsWith('apps/web/src/') && !file.includes('/locales/'));
}

describe('the app texts split', () => {
  it('holds each top key in one part only', () => {
    const shared = Object.keys(appShell).filter((key) => key in appScreens);
    expect(shared).toEqual([]);
  });

  it('gives the code that runs before a screen fetches its texts only texts of the shell', async () => {
    expect(screensWithoutTexts.map((file) => path.basename(file))).toContain('DashboardPage.tsx');
    const files = await staticClosure([path.join(web, 'src/main.tsx'), ...screensWithoutTexts]);
    // The shell's own parts are in it, so the closure is the real one.
    expect(files).toContain('apps/web/src/components/shell/AppLayout.tsx');
    // A navigation entry's `needs` names a policy action ('fields.read'), not a text.
    const screenKey = new RegExp(`(?<!needs: )['"\`](${Object.keys(appScreens).join('|')})\\.[a-zA-Z]`);
    const uses = files.flatMap((file) => {
      const found = readFileSync(path.resolve(web, '../..', file), 'utf8').match(screenKey);
      return found ? [`${file}: ${found[0]}`] : [];
    });
    expect(uses).toEqual([]);
  }, 30_000);
});
