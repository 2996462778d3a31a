import { describe, expect, it } from 'vitest';
import { formatFigure } from './figures.js';

describe('formatFigure', () => {
  it('groups thousands and keeps the scale of each format', () => {
    expect(formatFigure(1234567.5, 'money')).toBe('1,234,567.50');
    expect(formatFigure(86.456, 'percent')).toBe('86.46%');
    expect(formatFigure(1234.6)).toBe('1,235');
    expect(formatFigure('x', 'money')).toBe('0.00');
  });
});
