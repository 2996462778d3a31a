import { Button } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { T } from '../locale/zh-CN';
import { ChunkLoadError } from '../router/lazyPage';
import { notify } from '../utils/notify';

interface State {
  error: Error | null;
}

/**
 * Error boundary around a page view (spec 8 "Chunk or style load failure"): a page chunk that
 * failed or timed out (ChunkLoadError, 120 s) — or any render fault — is reported with a 系统提示
 * notification and an error result with a 刷新页面 button instead of a blank page.
 * Props: children. Returns children or the error result.
 */
export default class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, _info: ErrorInfo): void {
    notify('error', { message: T.sysTip, description: describe(error), duration: 4 });
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    // plain markup, not antd Result: the boundary sits on the login page's path, and a failed
    // chunk load must not need another chunk to explain itself
    return (
      <div role="alert" style={{ padding: '48px 24px', textAlign: 'center' }}>
        <div style={{ fontSize: 24, color: '#ff4d4f', marginBottom: 8 }}>{describe(error)}</div>
        {error instanceof ChunkLoadError ? null : <div style={{ color: 'rgba(0,0,0,0.45)', marginBottom: 24 }}>{error.message}</div>}
        <Button type="primary" onClick={() => window.location.reload()}>
          {T.reloadPage}
        </Button>
      </div>
    );
  }
}

function describe(error: Error): string {
  if (error instanceof ChunkLoadError) return error.timedOut ? T.chunkLoadTimeout : T.chunkLoadFailed;
  return T.chunkLoadFailed;
}
