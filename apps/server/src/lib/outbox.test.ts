import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { repeatTurns, retryDelayMs } from './outbox';

describe('outbox sending', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('waits what the receiver asked, else doubles from the first wait up to the most', () => {
    const policy = { firstMs: 1000, maxMs: 5000 };
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, policy))).toEqual([1000, 2000, 4000, 5000]);
    expect(retryDelayMs(1, policy, 30_000)).toBe(30_000);
    expect(retryDelayMs(3, policy, 0)).toBe(0);
  });

  it('runs turns one after another, goes on after a failed one, and stops after the turn under way', async () => {
    const errors: unknown[] = [];
    let turns = 0;
    let finishTurn: (() => void) | undefined;
    const timer = repeatTurns(
      100,
      () => {
        turns += 1;
        if (turns === 1) return Promise.reject(new Error('first fails'));
        return new Promise<void>((resolve) => (finishTurn = resolve));
      },
      (error) => errors.push(error),
    );
    expect(turns).toBe(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(turns).toBe(1);
    expect(errors).toEqual([new Error('first fails')]);
    await vi.advanceTimersByTimeAsync(100);
    expect(turns).toBe(2);
    // The second turn is still under way: no third starts, however long it takes.
    await vi.advanceTimersByTimeAsync(1000);
    expect(turns).toBe(2);
    let stopped = false;
    const stopping = timer.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finishTurn!();
    await stopping;
    await vi.advanceTimersByTimeAsync(1000);
    expect(turns).toBe(2);
  });
});
