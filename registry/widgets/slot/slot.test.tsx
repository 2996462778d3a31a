import { describe, expect, it } from 'vitest';
import { WidgetSlotsContext } from '../../shared/slots.js';
import { renderCell, renderWithRuntime, screenOf } from '../../shared/test-render.js';
import { ScreenForm } from '../../../renderers/form/ScreenForm.js';

const field = { name: 'extra', title: '扩展', widget: 'slot', dbType: 'string' } as const;

describe('slot', () => {
  it('renders the host slot of the field, with the value and the mode', () => {
    const html = renderWithRuntime(
      <WidgetSlotsContext.Provider value={{ extra: ({ value, mode }) => <b data-testid="slot">{`${mode}:${String(value)}`}</b> }}>
        <ScreenForm screen={screenOf([{ ...field }])} mode="edit" values={{ extra: 'x' }} />
      </WidgetSlotsContext.Provider>,
    );
    expect(html).toContain('<b data-testid="slot">form:x</b>');
  });
  it('falls back to the value as text', () => {
    expect(renderWithRuntime(<ScreenForm screen={screenOf([{ ...field }])} mode="detail" values={{ extra: '插槽值' }} />)).toContain(
      '插槽值',
    );
    expect(renderCell({ ...field }, '插槽值')).toContain('插槽值');
  });
});
