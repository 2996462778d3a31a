import { describe, expect, it } from 'vitest';
import { allowedActions, disabledFormFields, hasPermission } from './permission.js';

const allAuth = [
  { action: 'fin:bank_account:add', type: '1', status: '1' },
  { action: 'fin:bank_account:delete', type: '1', status: '1' },
  { action: 'fin:bank_account:export', type: '1', status: '0' },
  { action: 'fin:bank_account:form:remark', type: '2', status: '1' },
  { action: 'fin:bank_account:form:branchName', type: '2', status: '0' },
];

describe('hasPermission (spec 6)', () => {
  it('allows a controlled code only when held in auth', () => {
    expect(hasPermission('fin:bank_account:add', { auth: [{ action: 'fin:bank_account:add' }], allAuth })).toBe(true);
    expect(hasPermission('fin:bank_account:delete', { auth: [{ action: 'fin:bank_account:add' }], allAuth })).toBe(false);
  });
  it('allows a code with no rule or an inactive rule to everyone', () => {
    expect(hasPermission('fin:bank_account:import', { auth: [], allAuth })).toBe(true);
    expect(hasPermission('fin:bank_account:export', { auth: [], allAuth })).toBe(true);
  });
  it('accepts the form-data source and comma-separated actions', () => {
    expect(hasPermission('fin:bank_account:delete', { formData: ['fin:bank_account:delete'], auth: [], allAuth })).toBe(true);
    expect(hasPermission('fin:bank_account:delete', { auth: [{ action: 'x:y,fin:bank_account:delete' }], allAuth })).toBe(true);
  });
  it('returns the allowed actions under a prefix', () => {
    expect([
      ...allowedActions('fin:bank_account', ['add', 'delete', 'export', 'import'], { auth: [{ action: 'fin:bank_account:add' }], allAuth }),
    ]).toEqual(['add', 'export', 'import']);
  });
  it('disables fields with an active type-2 rule the user does not hold', () => {
    expect([...disabledFormFields('fin:bank_account', { auth: [], allAuth })]).toEqual(['remark']);
    expect([...disabledFormFields('fin:bank_account', { auth: [{ action: 'fin:bank_account:form:remark' }], allAuth })]).toEqual([]);
  });
  it('answers each pair of lists by their own entries (the per-list index never leaks into another list)', () => {
    const auth: { action: string }[] = [];
    const rules = [{ action: 'a:form:x,a:form:y', type: '2', status: '1' }];
    expect([...disabledFormFields('a', { auth, allAuth: rules })]).toEqual(['x', 'y']);
    expect([...disabledFormFields('a', { auth, allAuth: rules })]).toEqual(['x', 'y']);
    // new lists (a reload): the new rules and grants count
    expect([...disabledFormFields('a', { auth, allAuth: [{ ...rules[0], status: '0' }] })]).toEqual([]);
    expect([...disabledFormFields('a', { auth: [{ action: 'a:form:y' }], allAuth: rules })]).toEqual(['x']);
    expect([...disabledFormFields('b', { auth, allAuth: rules })]).toEqual([]);
  });
});
