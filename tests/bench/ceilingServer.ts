/**
 * The ceiling for the read benchmark: a bare Fastify server on the same machine answering the same JSON
 * body as fetch-current-betslip, with no auth, database or hooks. BODY_FILE holds the body.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.env.BODY_FILE ?? '', 'utf8');
const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ ok: true }));
app.get('/betslip', async (_request, reply) => reply.type('application/json').send(body));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
