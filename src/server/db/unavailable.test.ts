import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.js';

describe('isDatabaseUnavailable', () => {
  it('recognises a server shutting down, starting up, unreachable or a cut connection', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', 'ECONNREFUSED', 'ECONNRESET'])
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('leaves statement errors, lock timeouts and unique violations alone', () => {
    for (const code of ['23505', '42P01', '55P03', '57014', '22P02'])
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('column "x" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});
