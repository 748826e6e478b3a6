import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * A stand-in for the browser's EventSource, installed as the global for a test: the test
 * opens it, sends events and breaks it by hand, as the live stream's server would.
 */
export class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
  }

  /** The connection is up. */
  open(): void {
    act(() => this.onopen?.());
  }

  /** The connection dropped (EventSource then retries by itself). */
  fail(): void {
    act(() => this.onerror?.());
  }

  send(type: string, data: unknown): void {
    act(() => {
      for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: JSON.stringify(data) }));
    });
  }
}

/** Installs FakeEventSource as the global EventSource; answers the stream the page opens. */
export function installFakeEventSource(): () => FakeEventSource {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return () => {
    const current = FakeEventSource.opened.filter((source) => !source.closed).at(-1);
    if (!current) throw new Error('No open live stream');
    return current;
  };
}
