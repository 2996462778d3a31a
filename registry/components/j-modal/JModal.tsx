import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Modal, type ModalProps } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { FULLSCREEN_BODY_HEIGHT, J_MODAL_FIXED, MODAL_BODY_MAX_HEIGHT, closesAfterOk, modalWidth } from './model.js';
import { innerEscProps } from './inner-esc.js';
import { WIDGET_TEXT } from '../../shared/locale.js';
import { ModalBodyHeightContext, modalBodyHeight } from './body-height.js';

const normalBody = () => modalBodyHeight(window.innerHeight, false);
const fullscreenBody = () => modalBodyHeight(window.innerHeight, true);

export interface JModalProps extends Omit<
  ModalProps,
  'onOk' | 'onCancel' | 'maskClosable' | 'destroyOnHidden' | 'destroyOnClose' | 'width'
> {
  /** width in px or a CSS length (antd's default 520) */
  width?: number | string;
  /** called to close the modal (cancel, ×, and OK when okClose) */
  onClose?: () => void;
  /** OK handler; returning false (or a promise resolving false / rejecting) keeps the modal open */
  onOk?: () => unknown;
  /** OK closes the modal (default true) */
  okClose?: boolean;
  /** show the fullscreen switch in the title bar */
  switchFullscreen?: boolean;
  /** start fullscreen */
  fullscreen?: boolean;
  /**
   * Mount the content a frame after the modal itself (for heavy content such as a 200-field
   * form): the modal's own measuring on open (scroll bar, transform origin, the button's click
   * wave) then forces style and layout of an empty dialog instead of the whole content.
   */
  deferContent?: boolean;
  /**
   * True when the content holds unsaved changes: closing (Esc, ×, 取消) then asks 放弃未保存的修改？
   * first. Without it the modal closes at once.
   */
  dirty?: () => boolean;
  children?: ReactNode;
}

/**
 * The modal wrapper of spec 4.6 used by the shell's and the widgets' dialogs: antd Modal whose
 * mask click does not close, whose content is destroyed on close, and whose OK closes by default
 * (after `onOk` resolves; `false` keeps it open, the OK button spins meanwhile). Optional
 * fullscreen switch (spec 2.6 details modal). Esc closes only the innermost layer: while a
 * dropdown, tree select, date panel or popconfirm inside is open Esc is theirs, and a modal
 * opened above this one takes its own Esc; closing with unsaved changes (`dirty`) asks first.
 * A long body scrolls between the title and the buttons, which stay in view. Props:
 * JModalProps. Returns the Modal.
 */
export function JModal({
  onClose,
  onOk,
  okClose,
  switchFullscreen,
  fullscreen,
  deferContent,
  dirty,
  title,
  width,
  children,
  confirmLoading,
  ...rest
}: JModalProps) {
  const [full, setFull] = useState(!!fullscreen);
  const [busy, setBusy] = useState(false);
  const [contentShown, setContentShown] = useState(!deferContent);
  useEffect(() => {
    if (contentShown) return;
    // after the first frame (and its other animation callbacks, e.g. the click wave) has run
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setContentShown(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [contentShown]);

  const handleOk = async () => {
    let outcome: unknown;
    setBusy(true);
    try {
      outcome = await onOk?.();
    } catch {
      outcome = false;
    } finally {
      setBusy(false);
    }
    if (closesAfterOk(okClose, outcome)) onClose?.();
  };

  const requestClose = () => {
    if (!dirty?.()) return onClose?.();
    Modal.confirm({
      title: WIDGET_TEXT.discardTitle,
      content: WIDGET_TEXT.discardContent,
      okText: WIDGET_TEXT.discardOk,
      cancelText: WIDGET_TEXT.discardCancel,
      okButtonProps: { danger: true },
      onOk: () => onClose?.(),
    });
  };

  // antd's own Esc handling (keyboard) closes the modal even while a popup inside is open
  const esc = innerEscProps(rest.keyboard === false ? () => undefined : requestClose);

  const heading = switchFullscreen ? (
    <div style={{ display: 'flex', alignItems: 'center', paddingRight: 32 }}>
      <span style={{ flex: 1 }}>{title}</span>
      <Button
        type="text"
        size="small"
        aria-label="切换全屏"
        icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={() => setFull((f) => !f)}
      />
    </div>
  ) : (
    title
  );

  return (
    <Modal
      {...rest}
      {...J_MODAL_FIXED}
      title={heading}
      width={modalWidth(width, full)}
      style={full ? { top: 0, paddingBottom: 0, maxWidth: '100%', ...rest.style } : rest.style}
      keyboard={false}
      modalRender={(node) => esc.modalRender(rest.modalRender ? rest.modalRender(node) : node)}
      styles={{
        ...rest.styles,
        body: {
          maxHeight: full ? undefined : MODAL_BODY_MAX_HEIGHT,
          height: full ? FULLSCREEN_BODY_HEIGHT : undefined,
          overflowY: 'auto',
          overflowX: 'hidden',
          ...(rest.styles as { body?: object } | undefined)?.body,
        },
      }}
      confirmLoading={confirmLoading || busy}
      onOk={() => void handleOk()}
      onCancel={requestClose}
    >
      <ModalBodyHeightContext.Provider value={full ? fullscreenBody : normalBody}>
        {contentShown ? children : null}
      </ModalBodyHeightContext.Provider>
    </Modal>
  );
}
