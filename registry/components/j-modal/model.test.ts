import { describe, expect, it } from 'vitest';
import { J_MODAL_FIXED, closesAfterOk, modalWidth } from './model.js';

describe('modal wrapper rules (spec 4.6)', () => {
  it('a mask click never closes and the content is destroyed on close', () => {
    expect(J_MODAL_FIXED).toEqual({ maskClosable: false, destroyOnHidden: true });
  });

  it('OK closes by default; okClose false or an OK outcome of false keeps it open', () => {
    expect(closesAfterOk(undefined, undefined)).toBe(true);
    expect(closesAfterOk(true, { saved: 1 })).toBe(true);
    expect(closesAfterOk(false, undefined)).toBe(false);
    expect(closesAfterOk(undefined, false)).toBe(false);
  });

  it('fullscreen takes the whole width, otherwise the given or antd default width', () => {
    expect(modalWidth(1200, true)).toBe('100%');
    expect(modalWidth(1200, false)).toBe(1200);
    expect(modalWidth(undefined, false)).toBe(520);
  });
});
