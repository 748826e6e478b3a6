import { expect, it } from 'vitest';
import { readableLine } from './http/readable-log';
import { startBanner } from './start-banner';

it("closes the demo's start with the URL and the owner's sign-in", () => {
  const banner = startBanner({ url: 'http://localhost:3000', demoOwner: 'demo-owner@campus-elo.test / s3cret' });
  expect(banner).toContain('Campus Elo is running at http://localhost:3000');
  expect(banner).toContain('Staff sign-in: http://localhost:3000/signin as demo-owner@campus-elo.test / s3cret');
});

it('writes a pino JSON line in the demo as one readable line', () => {
  const line = readableLine(JSON.stringify({ level: 30, time: Date.UTC(2026, 10, 28, 9, 5, 7), reqId: 'x', msg: 'GET /rankings 200 12 ms' }));
  expect(line).toMatch(/^\d\d:\d\d:\d\d GET \/rankings 200 12 ms$/);
  expect(readableLine(JSON.stringify({ level: 50, time: 0, msg: 'failed', err: { message: 'boom' } }))).toMatch(/ error failed: boom$/);
  // Fastify's two JSON lines per request give way to the one line above.
  expect(readableLine(JSON.stringify({ level: 30, time: 0, msg: 'incoming request', req: { url: '/' } }))).toBeNull();
});
