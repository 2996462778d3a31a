import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// antd's Modal renders through a portal, which server rendering skips: stand in a plain element
// that records its props.
const modalProps: Record<string, unknown>[] = [];
vi.mock('antd', async (importOriginal) => {
  const antd = await importOriginal<typeof import('antd')>();
  return {
    ...antd,
    Modal: (props: Record<string, unknown> & { children?: ReactNode }) => {
      modalProps.push(props);
      return <div data-modal="">{props.children}</div>;
    },
  };
});

const { CronModal } = await import('./CronModal.js');
const { CronEdit } = await import('./CronField.js');

describe('CronModal (spec 2.6)', () => {
  beforeEach(() => void (modalProps.length = 0));

  it("is titled 'cron表达式', 608 wide, not closed by the mask, destroyed when hidden", () => {
    renderToStaticMarkup(<CronModal open value="0 0 12 * * ?" onOk={() => {}} onCancel={() => {}} />);
    expect(modalProps[0]).toMatchObject({ title: 'cron表达式', width: 608, maskClosable: false, destroyOnHidden: true, open: true });
  });

  it('parses the opening expression back into modes and emits it on OK', () => {
    const onOk = vi.fn();
    const out = renderToStaticMarkup(<CronModal open value="0 0 18 LW * ?" onOk={onOk} onCancel={() => {}} />);
    expect(out).toMatch(/data-testid="cron-result"[^>]*><code>0 0 18 LW \* \? \*</);
    (modalProps[0].onOk as () => void)();
    expect(onOk).toHaveBeenCalledWith('0 0 18 LW * ? *');
  });

  it('opens with the defaults without an expression, and for an unparsable one', () => {
    expect(renderToStaticMarkup(<CronModal open onOk={() => {}} onCancel={() => {}} />)).toMatch(
      /cron-result"[^>]*><code>\* \* \* \* \* \? \*</,
    );
    expect(renderToStaticMarkup(<CronModal open value="bad" onOk={() => {}} onCancel={() => {}} />)).toMatch(
      /cron-result"[^>]*><code>\* \* \* \* \* \? \*</,
    );
  });

  it('keeps the field shape: hideSecond emits minute … week', () => {
    const onOk = vi.fn();
    renderToStaticMarkup(<CronModal open value="30 8 ? * 2-6" hideSecond onOk={onOk} onCancel={() => {}} />);
    (modalProps[0].onOk as () => void)();
    expect(onOk).toHaveBeenCalledWith('30 8 ? * 2-6');
  });

  it('the field widget writes the modal result into the field', () => {
    const onChange = vi.fn();
    renderToStaticMarkup(<CronEdit value="0 15 10 ? * 2-6" onChange={onChange} extend={{ hideYear: true }} />);
    expect(modalProps[0].open).toBe(false);
    (modalProps[0].onOk as () => void)();
    expect(onChange).toHaveBeenCalledWith('0 15 10 ? * 2-6');
  });
});
