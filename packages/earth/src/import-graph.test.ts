import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The package's modules import each other directly and never in a circle: a cycle makes the order in which ES
 * modules evaluate depend on which one is imported first (a `const` read before it is set), and a module that
 * imports the package's own `index.ts` pulls the whole engine in with it.
 */
const sourceDir = path.dirname(fileURLToPath(import.meta.url));
const barrel = path.join(sourceDir, 'index.ts');

const importPattern = /(?:^|[\s;])(?:import|export)\s(?:[^;'"]*?\sfrom\s*)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return typeScriptFiles(file);
    return name.endsWith('.ts') ? [file] : [];
  });
}

/** The relative imports of one module's text, resolved against its file (packages are left out). */
function relativeImports(file: string, text: string): string[] {
  const targets: string[] = [];
  for (const match of text.matchAll(importPattern)) {
    const specifier = match[1] ?? match[2];
    if (specifier?.startsWith('.')) targets.push(path.resolve(path.dirname(file), specifier));
  }
  return targets;
}

/** Every cycle's modules, each cycle once, by the strongly connected components of the graph (Tarjan). */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (module: string): void => {
    index.set(module, next);
    lowLink.set(module, next);
    next += 1;
    stack.push(module);
    onStack.add(module);
    for (const target of graph.get(module) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        lowLink.set(module, Math.min(lowLink.get(module)!, lowLink.get(target)!));
      } else if (onStack.has(target)) {
        lowLink.set(module, Math.min(lowLink.get(module)!, index.get(target)!));
      }
    }
    if (lowLink.get(module) !== index.get(module)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== module);
    if (component.length > 1 || graph.get(module)?.includes(module)) cycles.push(component.sort());
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return cycles;
}

const graph = new Map(typeScriptFiles(sourceDir).map((file) => [file, relativeImports(file, readFileSync(file, 'utf8'))]));
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
