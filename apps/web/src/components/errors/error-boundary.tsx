import { ERROR_STACK_MAX } from '@curio/contract';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { track } from '@/lib/analytics';
import { ErrorFallback, InlineErrorFallback } from './error-fallback';

type Props = {
  children: ReactNode;
  /** The component's name, shown in the inline heading ("Error loading {component}") and sent to analytics. */
  component?: string;
  variant?: 'full' | 'inline';
  /** Changing this value clears the error (e.g. the route's pathname). */
  resetKey?: unknown;
};
type State = { error: Error | null };

export function reportRenderError(error: Error, component: string | undefined) {
  console.error(`[error-boundary] ${component ?? 'app'}`, error);
  track('item_generate_error', {
    component: component ?? 'unknown',
    message: error.message,
    stack: (error.stack ?? '').slice(0, ERROR_STACK_MAX),
  });
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, _info: ErrorInfo) {
    reportRenderError(error, this.props.component);
  }

  override componentDidUpdate(prev: Props) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  reset = () => this.setState({ error: null });

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.variant === 'inline') {
      return <InlineErrorFallback component={this.props.component} message={error.message} onRetry={this.reset} />;
    }
    return <ErrorFallback message={error.message} onReset={this.reset} />;
  }
}
