import { describe, expect, it } from 'vitest';
import { nextChildCode, nextSegment } from './code-scheme.js';

describe('hierarchical codes (api-contract §5.4)', () => {
  it('increments a segment and rolls the letter over after 99', () => {
    expect(nextSegment('A01')).toBe('A02');
    expect(nextSegment('A99')).toBe('B01');
    expect(nextSegment('Z99')).toBeNull();
  });

  it('gives the first child parent + A01 and later ones the next after the greatest sibling', () => {
    expect(nextChildCode(null, [])).toBe('A01');
    expect(nextChildCode('A01', [])).toBe('A01A01');
    expect(nextChildCode('A01', ['A01A01', 'A01A09', 'A01A02'])).toBe('A01A10');
    expect(nextChildCode(null, ['C01', 'C02'])).toBe('C03');
    // codes of other levels are ignored
    expect(nextChildCode('A01', ['A01A03A01', 'A02A07'])).toBe('A01A01');
    expect(nextChildCode('A01', ['A01Z99'])).toBeNull();
  });
});
