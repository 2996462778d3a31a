import { Spin } from 'antd';

/** Suspense fallback while a lazy page or the permission list loads. No props; returns a spinner. */
export default function PageLoading({ fullScreen }: { fullScreen?: boolean }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', padding: 48, minHeight: fullScreen ? '100vh' : 200 }}>
      <Spin size="large" />
    </div>
  );
}
