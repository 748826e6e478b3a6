import { describe, expect, it } from 'vitest';
import { SseReader, summarise, type SseEvent } from '../bench/sse-reader';

describe('the streams bench SSE reader', () => {
  it('reads events split across chunks and skips comments and retry lines', () => {
    const events: SseEvent[] = [];
    const reader = new SseReader((event) => events.push(event));
    reader.push('retry: 3000\n\n: keep-alive\n\nid: 7\nevent: ma');
    reader.push('tch\ndata: {"id":"m1"}\n');
    expect(events).toEqual([]);
    reader.push('\nid: 8\nevent: resync\ndata: {}\n\n');
    expect(events).toEqual([
      { id: '7', event: 'match', data: '{"id":"m1"}' },
      { id: '8', event: 'resync', data: '{}' },
    ]);
  });

  it('summarises latencies by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(summarise(values)).toEqual({ min: 1, median: 50, p99: 99, max: 100 });
    expect(summarise([2.26])).toEqual({ min: 2.3, median: 2.3, p99: 2.3, max: 2.3 });
  });
});
