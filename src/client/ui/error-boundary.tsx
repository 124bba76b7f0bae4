import { Component, type ReactNode } from 'react';
import { Button } from './button';

export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred. Please try refreshing the page.';

/** The generic error screen of spec §2. */
export function ErrorScreen({ error, onRetry }: { error: Error | null; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-lg border border-border bg-surface p-6 text-center"
    >
      <h2 className="text-lg font-semibold text-ink">Something went wrong</h2>
      <p className="text-sm text-muted">{error?.message || UNEXPECTED_ERROR_MESSAGE}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="outline" onClick={onRetry}>
          Try Again
        </Button>
        <Button onClick={() => window.location.reload()}>Refresh Page</Button>
      </div>
    </div>
  );
}

interface State {
  error: Error | null;
}

/** React logs the caught error itself (React 19 onCaughtError), so nothing is logged here. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error ?? '')) };
  }

  override render() {
    if (this.state.error) {
      return <ErrorScreen error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    }
    return this.props.children;
  }
}
