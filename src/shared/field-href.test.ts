import { describe, expect, it } from 'vitest';
import { fieldHref, isExternalHref, unknownHrefNames } from './field-href.js';

describe('link fields (fieldHref)', () => {
  it('fill ${name} with the row value by column or name, URL-encoded; missing values empty', () => {
    const row = { id: 'r1', plate_no: '京A 1&2', vehicle_type: null };
    expect(fieldHref('/wms/vehicle?id=${id}&plate=${plateNo}&t=${vehicleType}', row)).toBe(
      '/wms/vehicle?id=r1&plate=%E4%BA%ACA%201%262&t=',
    );
    expect(fieldHref('https://map.example.com/q/${plate_no}', row)).toBe('https://map.example.com/q/%E4%BA%ACA%201%262');
  });
  it('draw no link for anything but an app path or an http(s) URL', () => {
    for (const bad of ['javascript:alert(1)', '//evil.example.com/x', '/\\evil.example.com', 'data:text/html,x', ' /x', 'ftp://x'])
      expect(fieldHref(bad, { id: '1' })).toBeUndefined();
  });
  it('tell external links and unknown placeholders', () => {
    expect(isExternalHref('https://x.example.com')).toBe(true);
    expect(isExternalHref('/online/x')).toBe(false);
    expect(
      unknownHrefNames({ fields: [{ name: 'plateNo', title: 'p', widget: 'input', dbType: 'string' }] }, '/x?${id}&${plateNo}&${nope}'),
    ).toEqual(['nope']);
  });
});
