/**
 * The HTTP stack's ceiling: a bare Fastify answering precomputed bodies (JSON, or a page's HTML), GET /<n> -> the
 * n-th body of the JSON array file given as argument. Prints its port once listening.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [bodiesFile] = process.argv.slice(2);
if (!bodiesFile) throw new Error('usage: ceiling-server <bodies.json>');
const bodies = JSON.parse(readFileSync(bodiesFile, 'utf8')) as string[];

const app = Fastify({ logger: false });
app.get<{ Params: { index: string } }>('/:index', async (req, reply) => {
  const body = bodies[Number(req.params.index)];
  if (body === undefined) return reply.code(404).send({ error: 'No such body' });
  // The pages' bodies are HTML, the others JSON: each goes out as what it is.
  return reply.type(body.startsWith('<!doctype html>') ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8').send(body);
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(new URL(address).port);
