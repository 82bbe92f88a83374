import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { ErrorPageContent } from './error-page';

interface State {
  error: Error | null;
}

class Boundary extends Component<{ resetKey: string; children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (import.meta.env.DEV) console.error(error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey: string }): void {
    // Moving to another page gives its screen a fresh chance to load.
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render(): ReactNode {
    return this.state.error ? <ErrorPageContent /> : this.props.children;
  }
}

/**
 * A screen that fails to load (including a chunk that does not arrive within 120 s) or to render
 * shows the error page in its place, inside the layout.
 */
export function ScreenBoundary({
  children,
  fullScreen = false,
}: {
  children: ReactNode;
  fullScreen?: boolean;
}) {
  const { pathname } = useLocation();
  return (
    <Boundary resetKey={pathname}>
      <Suspense fallback={<PageLoader fullScreen={fullScreen} />}>{children}</Suspense>
    </Boundary>
  );
}
