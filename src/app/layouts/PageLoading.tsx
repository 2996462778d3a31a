/**
 * Suspense fallback while a lazy page or the permission list loads: a small CSS spinner (no antd
 * Spin, so the login page bundle stays small). Props: fullScreen — centre in the viewport.
 * Returns the spinner.
 */
export default function PageLoading({ fullScreen }: { fullScreen?: boolean }) {
  return (
    <div
      role="status"
      aria-busy="true"
      style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', padding: 48, minHeight: fullScreen ? '100vh' : 200 }}
    >
      <style>{'@keyframes page-loading-spin{to{transform:rotate(360deg)}}'}</style>
      <span
        style={{
          width: 32,
          height: 32,
          borderRadius: '50%',
          border: '3px solid rgba(24,144,255,.2)',
          borderTopColor: '#1890FF',
          animation: 'page-loading-spin .8s linear infinite',
        }}
      />
    </div>
  );
}
