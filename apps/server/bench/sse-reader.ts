/** One Server-Sent Event as the bench needs it. */
export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

/**
 * Splits a text/event-stream into events as chunks arrive (a frame may span chunks);
 * comment lines and `retry:` are skipped, as EventSource does.
 */
export class SseReader {
  private buffer = '';

  constructor(private readonly onEvent: (event: SseEvent) => void) {}

  push(chunk: string): void {
    this.buffer += chunk;
    let end = this.buffer.indexOf('\n\n');
    while (end !== -1) {
      const frame = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const event: SseEvent = { event: 'message', data: '' };
      const data: string[] = [];
      for (const line of frame.split('\n')) {
        const colon = line.indexOf(':');
        if (colon === 0) continue;
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event.event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'id') event.id = value;
      }
      if (data.length > 0) this.onEvent({ ...event, data: data.join('\n') });
      end = this.buffer.indexOf('\n\n');
    }
  }
}

/** Minimum, median, 99th percentile (nearest rank) and maximum, in whole tenths. */
export function summarise(values: number[]): { min: number; median: number; p99: number; max: number } {
  if (values.length === 0) throw new Error('Nothing to summarise');
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
  const tenth = (v: number) => Math.round(v * 10) / 10;
  return { min: tenth(sorted[0]!), median: tenth(rank(0.5)), p99: tenth(rank(0.99)), max: tenth(sorted[sorted.length - 1]!) };
}
