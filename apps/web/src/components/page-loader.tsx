import './page-loader.css';

/** A light spinner (no antd Spin) so the first paint of any page does not wait for it. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div
      className="page-loader"
      style={{ minHeight: fullScreen ? '100vh' : 320 }}
      role="progressbar"
      aria-busy="true"
    >
      <span />
    </div>
  );
}
