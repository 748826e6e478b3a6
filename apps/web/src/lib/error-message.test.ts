import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { errorMessage, serverMessage } from './error-message';

function answered(message: string, code: string, issues: { path: string[]; message: string }[] = []) {
  return new TRPCClientError(message, { result: { error: { message, code: -32600, data: { code, httpStatus: 400, issues } } } });
}

describe('serverMessage', () => {
  it('reads the message of an error the server explained', () => {
    expect(serverMessage(answered('No current stage found for this season', 'UNPROCESSABLE_CONTENT'))).toBe('No current stage found for this season');
  });

  it('reads the first field issue of invalid input', () => {
    expect(serverMessage(answered('Invalid name: Name is required', 'BAD_REQUEST', [{ path: ['name'], message: 'Name is required' }]))).toBe('Name is required');
  });

  it('has nothing to say for a bug, a lost connection or a plain error', () => {
    expect(serverMessage(answered('Internal server error', 'INTERNAL_SERVER_ERROR'))).toBeNull();
    expect(serverMessage(new TRPCClientError('Failed to fetch'))).toBeNull();
    expect(serverMessage(new Error('network'))).toBeNull();
  });
});

describe('errorMessage', () => {
  it('falls back to the given text', () => {
    expect(errorMessage(new Error('network down'), 'An error occurred')).toBe('An error occurred');
    expect(errorMessage(answered('Primary team not found', 'NOT_FOUND'), 'An error occurred')).toBe('Primary team not found');
  });
});
