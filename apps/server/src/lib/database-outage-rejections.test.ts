import { describe, expect, it } from 'vitest';
import { databaseOutageRejections } from './database-outage-rejections';

describe('databaseOutageRejections', () => {
  it("lets a rejection from the database being away pass with a warning, and throws any other again", () => {
    const warnings: string[] = [];
    const listener = databaseOutageRejections((message) => warnings.push(message));
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const shutDown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    listener(refused);
    listener(new Error('a query failed', { cause: shutDown }));
    expect(warnings).toEqual([
      'database unavailable: a write nobody waited for was lost: connect ECONNREFUSED 127.0.0.1:5432',
      'database unavailable: a write nobody waited for was lost: a query failed',
    ]);
    const bug = new TypeError('x is undefined');
    expect(() => listener(bug)).toThrow(bug);
    expect(() => listener(Object.assign(new Error('duplicate key'), { code: '23505' }))).toThrow('duplicate key');
    expect(warnings).toHaveLength(2);
  });
});
