import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * A package's graph of relative imports, read from its TypeScript sources, and the circles in it. A circle makes
 * the order in which ES modules evaluate depend on which one is imported first (a `const` read before it is set).
 * Type-only imports count too: they tie the modules together just the same when one of them is moved or split.
 */

const importPattern = /(?:^|[\s;])(?:import|export)\s(?:[^;'"]*?\sfrom\s*)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every `.ts` file under a folder. */
export function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return typeScriptFiles(file);
    return name.endsWith('.ts') ? [file] : [];
  });
}

/** The relative imports of one module's text, resolved against its file (packages are left out). */
export function relativeImports(file: string, text: string): string[] {
  const targets: string[] = [];
  for (const match of text.matchAll(importPattern)) {
    const specifier = match[1] ?? match[2];
    if (specifier?.startsWith('.')) targets.push(path.resolve(path.dirname(file), specifier));
  }
  return targets;
}

/** Each source file under `dir` with the files it imports. */
export function importGraph(dir: string): Map<string, string[]> {
  return new Map(typeScriptFiles(dir).map((file) => [file, relativeImports(file, readFileSync(file, 'utf8'))]));
}

/** Every cycle's modules, each cycle once, by the strongly connected components of the graph (Tarjan). */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
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

/** The modules reachable from `start` through the graph's imports, `start` included. */
export function reachableFrom(graph: ReadonlyMap<string, readonly string[]>, start: string): Set<string> {
  const seen = new Set<string>([start]);
  const waiting = [start];
  while (waiting.length > 0) {
    for (const target of graph.get(waiting.pop()!) ?? []) {
      if (graph.has(target) && !seen.has(target)) {
        seen.add(target);
        waiting.push(target);
      }
    }
  }
  return seen;
}
