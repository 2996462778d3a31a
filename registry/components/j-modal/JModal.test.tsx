import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// antd's Modal renders through a portal, which server rendering skips: record its props instead.
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

const { JModal } = await import('./JModal.js');

describe('JModal (spec 4.6 modal wrapper)', () => {
  beforeEach(() => void (modalProps.length = 0));

  it('is never closed by the mask and destroys its content, whatever the caller passes', () => {
    const loose = { maskClosable: true } as Record<string, unknown>;
    const out = renderToStaticMarkup(
      <JModal open title="部门选择" width={450} {...loose}>
        内容
      </JModal>,
    );
    expect(out).toContain('内容');
    expect(modalProps[0]).toMatchObject({ open: true, title: '部门选择', width: 450, maskClosable: false, destroyOnHidden: true });
  });

  it('OK closes after the handler by default; a false outcome or okClose=false keeps it open', async () => {
    const onClose = vi.fn();
    renderToStaticMarkup(<JModal open onOk={() => undefined} onClose={onClose} />);
    (modalProps[0].onOk as () => void)();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));

    const keep = vi.fn();
    renderToStaticMarkup(<JModal open onOk={async () => false} onClose={keep} />);
    renderToStaticMarkup(<JModal open okClose={false} onOk={() => 1} onClose={keep} />);
    (modalProps[1].onOk as () => void)();
    (modalProps[2].onOk as () => void)();
    await new Promise((r) => setTimeout(r, 10));
    expect(keep).not.toHaveBeenCalled();
  });

  it('cancel closes; the fullscreen variant is 100% wide with a switch in the title', () => {
    const onClose = vi.fn();
    renderToStaticMarkup(<JModal open title="详情" width={1200} switchFullscreen fullscreen onClose={onClose} />);
    (modalProps[0].onCancel as () => void)();
    expect(onClose).toHaveBeenCalled();
    expect(modalProps[0].width).toBe('100%');
    expect(renderToStaticMarkup(modalProps[0].title as ReactNode)).toContain('aria-label="切换全屏"');
  });
});
