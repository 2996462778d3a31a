import { Button, Result, notification } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { T } from '../locale/zh-CN';
import { ChunkLoadError } from '../router/lazyPage';

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
    notification.error({ message: T.sysTip, description: describe(error), duration: 4 });
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Result
        status="error"
        title={describe(error)}
        subTitle={error instanceof ChunkLoadError ? undefined : error.message}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {T.reloadPage}
          </Button>
        }
      />
    );
  }
}

function describe(error: Error): string {
  if (error instanceof ChunkLoadError) return error.timedOut ? T.chunkLoadTimeout : T.chunkLoadFailed;
  return T.chunkLoadFailed;
}
