import { describe, expect, it } from 'vitest';

describe('csp', () => {
  it("turns zod's compiled parsers off through the setting zod itself reads", async () => {
    await import('./csp');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
