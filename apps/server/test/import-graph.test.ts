import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, reachableFrom } from '../../../scripts/import-graph.ts';

/**
 * What a worker thread loads and what the database's types are made of never import back into themselves. A worker
 * task that imports a service which imports the pool that runs it starts a second pool's worth of modules inside the
 * thread, in an order that depends on which module came first; the schema's types importing a module that imports
 * the schema make every change to either a change to both.
 */
const sourceDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');
const graph = importGraph(sourceDir);
const relative = (file: string) => path.relative(sourceDir, file);

/** The circles among the modules `start` loads. */
function circlesFrom(start: string): string[][] {
  const reached = reachableFrom(graph, path.join(sourceDir, start));
  const subgraph = new Map(
    [...graph].filter(([file]) => reached.has(file)).map(([file, targets]) => [file, targets.filter((t) => reached.has(t))]),
  );
  return importCycles(subgraph).map((cycle) => cycle.map(relative));
}

describe('the server import graph', () => {
  it('reads the modules it checks', () => {
    expect(graph.get(path.join(sourceDir, 'workers', 'cpu-tasks.ts'))).toContain(
      path.join(sourceDir, 'modules', 'fields', 'fields.import.ts'),
    );
    expect(reachableFrom(graph, path.join(sourceDir, 'workers', 'cpu-tasks.ts')).size).toBeGreaterThan(5);
  });

  it('runs the worker tasks without loading the pool that runs them or any other circle', () => {
    const reached = [...reachableFrom(graph, path.join(sourceDir, 'workers', 'cpu-tasks.ts'))].map(relative);
    expect(reached).not.toContain(path.join('workers', 'cpu-pool.ts'));
    expect(reached).not.toContain('app-context.ts');
    expect(circlesFrom(path.join('workers', 'cpu-tasks.ts'))).toEqual([]);
  });

  it('has database types that import nothing that imports them', () => {
    expect(circlesFrom(path.join('db', 'schema.ts'))).toEqual([]);
    const reached = [...reachableFrom(graph, path.join(sourceDir, 'db', 'schema.ts'))].map(relative);
    expect(reached.filter((file) => file.startsWith('modules'))).toEqual([]);
  });
});
