import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { environmentSchema } from '../src/config.ts';

// The files a programme deploys with: compose.yaml (checked by `docker compose config` where Docker Compose is
// installed, and always read here) and the Dockerfile.
const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface ComposeService {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number };
  ports?: string[];
}

const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};

function composeAvailable(): boolean {
  try {
    execFileSync('docker', ['compose', 'version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('compose.yaml', () => {
  it('runs PostgreSQL on a volume, one web server and two workers of the same image', () => {
    const { postgres, web, worker } = compose.services;
    expect(Object.keys(compose.services).sort()).toEqual(['postgres', 'web', 'worker']);
    expect(postgres!.image).toMatch(/^postgres:1[5-9]/);
    expect(postgres!.volumes).toContain('postgres-data:/var/lib/postgresql/data');
    expect(web!.command).toEqual(['node', 'apps/server/dist/cli.mjs', 'serve']);
    expect(worker!.command).toEqual(['node', 'apps/server/dist/cli.mjs', 'worker']);
    expect(worker!.deploy?.replicas).toBe(2);
    expect(worker!.image).toBe(web!.image);
    expect(web!.ports).toEqual(['3000:3000']);
    for (const service of [web!, worker!]) {
      expect(service.depends_on?.postgres?.condition).toBe('service_healthy');
      // Workers write report files the web server hands out: one shared folder.
      expect(service.volumes).toContain('files:/data');
      expect(service.environment?.DATA_DIR).toBe('/data');
      expect(service.environment?.DATABASE_URL).toMatch(/^postgres:\/\/murimi:.+@postgres:5432\/murimi$/);
    }
    expect(Object.keys(compose.volumes).sort()).toEqual(['files', 'postgres-data']);
  });

  it('names only settings the server reads, and requires those without a safe default', () => {
    const known = Object.keys(environmentSchema.shape);
    const named = Object.keys(compose.services.web!.environment ?? {});
    expect(named.filter((name) => !known.includes(name))).toEqual([]);
    for (const required of ['POSTGRES_PASSWORD', 'JWT_SECRET', 'PUBLIC_URL']) {
      expect(read('compose.yaml')).toMatch(new RegExp(`\\$\\{${required}:\\?`));
    }
  });

  it.runIf(composeAvailable())('is valid to Docker Compose', () => {
    const output = execFileSync('docker', ['compose', 'config', '--quiet'], {
      cwd: root,
      env: { ...process.env, POSTGRES_PASSWORD: 'p', JWT_SECRET: 'x'.repeat(32), PUBLIC_URL: 'http://localhost:3000' },
    });
    expect(output.toString()).toBe('');
  });
});

describe('the Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  it('builds in one stage and runs the bundles in a second, as an unprivileged user', () => {
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^FROM node:2\d-bookworm-slim AS build$/m);
    expect(dockerfile).toMatch(/^RUN NODE_ENV=production node scripts\/prepare-start\.mjs && npm prune --omit=dev/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^CMD \["node", "apps\/server\/dist\/cli\.mjs", "serve"\]$/m);
    expect(dockerfile).toContain('/api/health/live');
  });
});
