import * as argon2 from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof argon2>();
  return { ...real, verify: vi.fn(real.verify) };
});

// An unknown email must cost what a wrong password costs: one argon2 verification each.
// (Counted, not timed: timings belong in benchmarks.)
describe('verifyPassword', () => {
  it('runs one argon2 verification for an unknown email, against a real hash, and says no', async () => {
    const verify = vi.mocked(argon2.verify);
    verify.mockClear();
    expect(await verifyPassword(undefined, 'anything')).toBe(false);
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0]![0]).toMatch(/^\$argon2id\$/);
  });

  it('runs one verification for a wrong password and one for the right one', async () => {
    const stored = await hashPassword('correct horse');
    const verify = vi.mocked(argon2.verify);
    verify.mockClear();
    expect(await verifyPassword(stored, 'wrong horse')).toBe(false);
    expect(await verifyPassword(stored, 'correct horse')).toBe(true);
    expect(verify).toHaveBeenCalledTimes(2);
  });
});
