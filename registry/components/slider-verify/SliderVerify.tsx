import { CheckCircleFilled, DoubleRightOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useEffect, useReducer, useRef, type PointerEvent } from 'react';
import { SLIDER_INITIAL, SLIDER_TEXT, sliderReducer } from './model.js';

export interface SliderVerifyProps {
  /** Track width in px (default 300). */
  width?: number;
  /** Track height in px (default 34). */
  height?: number;
  /** Called once when the handle reaches the end. Remount (change `key`) to reset. */
  onSuccess?: () => void;
  disabled?: boolean;
}

const HANDLE = 40;

/**
 * The slider verification of spec 4.6: drag the handle to the full width → 验证通过 (and
 * `onSuccess`); released before the end it snaps back. Pointer events (mouse and touch).
 */
export function SliderVerify({ width = 300, height = 34, onSuccess, disabled }: SliderVerifyProps) {
  const { token } = theme.useToken();
  const [state, dispatch] = useReducer(sliderReducer, SLIDER_INITIAL);
  const done = useRef(false);
  const max = width - HANDLE;
  const success = state.phase === 'success';

  useEffect(() => {
    if (success && !done.current) {
      done.current = true;
      onSuccess?.();
    }
  }, [success, onSuccess]);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (disabled) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    dispatch({ type: 'start', x: e.clientX });
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => dispatch({ type: 'move', x: e.clientX, max });
  const onPointerUp = () => dispatch({ type: 'end' });

  const green = token.colorSuccess;
  return (
    <div
      style={{
        position: 'relative',
        width,
        height,
        lineHeight: `${height}px`,
        background: token.colorFillSecondary,
        borderRadius: token.borderRadius,
        textAlign: 'center',
        userSelect: 'none',
        overflow: 'hidden',
      }}
    >
      <div style={{ position: 'absolute', left: 0, top: 0, height, width: state.offset + HANDLE / 2, background: green }} />
      <span style={{ position: 'relative', color: success ? token.colorWhite : token.colorTextSecondary }}>
        {success ? SLIDER_TEXT.success : SLIDER_TEXT.idle}
      </span>
      <div
        role="slider"
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={state.offset}
        aria-label={success ? SLIDER_TEXT.success : SLIDER_TEXT.idle}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        style={{
          position: 'absolute',
          top: 0,
          left: state.offset,
          width: HANDLE,
          height,
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorder}`,
          cursor: success || disabled ? 'default' : 'grab',
          transition: state.phase === 'dragging' ? 'none' : 'left 0.3s',
          touchAction: 'none',
        }}
      >
        {success ? <CheckCircleFilled style={{ color: green }} /> : <DoubleRightOutlined />}
      </div>
    </div>
  );
}
