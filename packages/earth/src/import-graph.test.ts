import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, relativeImports } from '../../../scripts/import-graph.ts';

/**
 * The package's modules import each other directly and never in a circle: a cycle makes the order in which ES
 * modules evaluate depend on which one is imported first (a `const` read before it is set), and a module that
 * imports the package's own `index.ts` pulls the whole engine in with it.
 */
const sourceDir = path.dirname(fileURLToPath(import.meta.url));
const barrel = path.join(sourceDir, 'index.ts');

const graph = importGraph(sourceDir);
const relative = (file: string) => path.relative(sourceDir, file);

describe('the imagery engine import graph', () => {
  it('finds cycles and skips imports of packages', () => {
    const module = path.join(sourceDir, 'cog', 'a.ts');
    expect(
      relativeImports(
        module,
        "import { b } from './b.ts';\nimport type {\n  C,\n} from '../c.ts';\nimport 'geotiff';\nconst d = await import('./d.ts');",
      ),
    ).toEqual([path.join(sourceDir, 'cog', 'b.ts'), path.join(sourceDir, 'c.ts'), path.join(sourceDir, 'cog', 'd.ts')]);
    const cycle = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(importCycles(cycle)).toEqual([['a', 'b', 'c'], ['e']]);
  });

  it('reads the modules it checks', () => {
    expect(graph.get(path.join(sourceDir, 'cog', 'cog-reader.ts'))).toContain(path.join(sourceDir, 'cog', 'block-memory-cache.ts'));
  });

  it('has no import cycle', () => {
    expect(importCycles(graph).map((cycle) => cycle.map(relative))).toEqual([]);
  });

  it('imports modules directly, never the package index from inside it', () => {
    const importers = [...graph].filter(([file, targets]) => file !== barrel && targets.includes(barrel)).map(([file]) => relative(file));
    expect(importers).toEqual([]);
  });
});
