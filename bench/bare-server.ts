// References for bench/api.ts, each a bare Fastify route with no auth, validation, or framework of ours:
//   memory <port> <file>         answers the bytes of <file> (the framework's ceiling)
//   postgres <port> <url> <org>  runs the field-list SELECT with node-postgres and answers the rows as JSON
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

const [mode, port, source, orgId] = process.argv.slice(2);
const app = Fastify({ logger: false });
if (mode === 'memory') {
  const body = readFileSync(source!, 'utf8');
  app.get('/api/fields', async (_request, reply) => reply.type('application/json').send(body));
} else {
  const pool = new pg.Pool({ connectionString: source, max: 10 });
  app.get('/api/fields', async () => ({
    data: (await pool.query('select * from fields where org_id = $1 order by name, id', [orgId])).rows,
  }));
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('ready');
