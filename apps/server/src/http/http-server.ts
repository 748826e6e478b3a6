import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Config } from '../config';
import type { ResponseCache } from './response-cache';

/** Node looks for requests past their time limits this often: a fraction of the shortest limit, at most its own default. */
const checkingIntervalFor = ({ requestTimeoutMs, headersTimeoutMs }: Config['http']) => Math.max(10, Math.min(30_000, Math.floor(Math.min(requestTimeoutMs, headersTimeoutMs) / 4)));

/**
 * The key a connection is counted under: an IPv4 address (IPv4-mapped IPv6 included), or the
 * /64 of an IPv6 one, since one client is usually given a whole /64.
 */
export function addressGroupOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${(parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16)).join(':')}::/64`;
}

/** Past `max` open connections from one address group, a new connection is closed at once. */
function capConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    if (socket.remoteAddress === undefined) return;
    const group = addressGroupOf(socket.remoteAddress);
    const count = (open.get(group) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(group, count);
    socket.once('close', () => {
      const left = open.get(group)! - 1;
      if (left === 0) open.delete(group);
      else open.set(group, left);
    });
  });
}

/**
 * Fastify's serverFactory (app.ts): the Node HTTP server with the limits a public server needs
 * (docs/architecture.md, "The HTTP server"): a client has REQUEST_TIMEOUT_MS to send a whole
 * request and HEADERS_TIMEOUT_MS for its headers, else 408 and the connection is closed (Fastify
 * sets neither on a server of its own: a body sent a byte at a time held a connection forever),
 * and one address holds at most MAX_CONNECTIONS_PER_ADDRESS connections. With the response
 * cache, its front door answers hits before Fastify sees the request.
 */
export function httpServerFactory(limits: Config['http'], cache?: ResponseCache) {
  return (handler: (req: IncomingMessage, res: ServerResponse) => void, options: { keepAliveTimeout?: number }): Server => {
    const server = createServer(
      {
        requestTimeout: limits.requestTimeoutMs,
        headersTimeout: limits.headersTimeoutMs,
        connectionsCheckingInterval: checkingIntervalFor(limits),
      },
      cache
        ? (req, res) => {
            if (!cache.answerRaw(req, res)) handler(req, res);
          }
        : handler,
    );
    // Fastify's own keep-alive time (longer than a proxy's idle timeout), as on a server it makes.
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    capConnectionsPerAddress(server, limits.maxConnectionsPerAddress);
    return server;
  };
}
