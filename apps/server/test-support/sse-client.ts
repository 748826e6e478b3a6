import { request, type IncomingMessage } from 'node:http';

export interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
  /** Comment lines (': …'), as heartbeats send them. */
  comment?: string;
}

export interface SseStream {
  response: IncomingMessage;
  /** Everything received so far, in order. */
  events: SseEvent[];
  /** Resolves with the first event (already received or still to come) that `matches`. */
  next(matches: (event: SseEvent) => boolean): Promise<SseEvent>;
  close(): void;
}

/** Opens `url` as an event stream and parses it as it arrives (enough of the SSE format for tests). */
export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      const events: SseEvent[] = [];
      const waiters: { matches: (event: SseEvent) => boolean; resolve: (event: SseEvent) => void }[] = [];
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) event.comment = line.slice(1).trim();
            const match = /^(id|event|data): ?(.*)$/.exec(line);
            if (match) event[match[1] as 'id' | 'event' | 'data'] = match[2];
          }
          events.push(event);
          for (const waiter of waiters.filter((w) => w.matches(event))) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(event);
          }
        }
      });
      resolve({
        response,
        events,
        next(matches) {
          const seen = events.find(matches);
          if (seen) return Promise.resolve(seen);
          return new Promise((resolveEvent) => waiters.push({ matches, resolve: resolveEvent }));
        },
        close() {
          req.destroy();
        },
      });
    });
    req.on('error', reject);
    req.end();
  });
}
