import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, registerErrorHandling } from './errors.ts';

async function appWith(routes: (app: FastifyInstance) => void) {
  const logged: unknown[] = [];
  const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => logged.push(JSON.parse(line)) } } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  routes(app);
  await app.ready();
  return { app, logged };
}

describe('the error handler', () => {
  it('hides the internals of an unexpected error and logs them with the request', async () => {
    const { app, logged } = await appWith((a) =>
      a.get('/boom', async () => {
        throw new Error('connection to 10.1.2.3 failed: password authentication failed for user "murimi"');
      }),
    );
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again later.' } });
    expect(response.body).not.toContain('10.1.2.3');
    expect(JSON.stringify(logged)).toContain('password authentication failed');
    expect(JSON.stringify(logged)).toContain('/boom');
  });

  it('answers an AppError with its status, code, message and details', async () => {
    const { app } = await appWith((a) =>
      a.get('/taken', async () => {
        throw AppError.invalid('name', 'That name is taken.');
      }),
    );
    const response = await app.inject({ method: 'GET', url: '/taken' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'That name is taken.', details: [{ path: 'name', message: 'That name is taken.' }] },
    });
  });

  it('lists every validation problem with the key it concerns', async () => {
    const { app } = await appWith((a) =>
      a
        .withTypeProvider<ZodTypeProvider>()
        .post(
          '/farm',
          { schema: { body: z.strictObject({ name: z.string().min(1, 'Name is required.'), size: z.number() }) } },
          async () => 'ok',
        ),
    );
    const response = await app.inject({ method: 'POST', url: '/farm', payload: { name: '', size: 'big', colour: 'green' } });
    expect(response.statusCode).toBe(400);
    const { details } = response.json().error;
    expect(details).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name is required.' },
        { path: 'size', message: expect.stringContaining('size: ') },
        { path: 'body', message: 'Unknown field: colour.' },
      ]),
    );
  });
});
