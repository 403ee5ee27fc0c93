import { Component, type ErrorInfo, type ReactNode } from 'react';
import i18next from 'i18next';

interface State {
  error: Error | null;
}

/** Crash fallback (spec §2.4): "Something went wrong." with the details folded away. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Screen crashed', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="mx-auto max-w-xl p-8">
        <h1 className="text-xl font-bold">{i18next.t('errors.crashed')}</h1>
        <details className="mt-3 rounded bg-stone-100 p-3 text-sm">
          <summary className="cursor-pointer">{i18next.t('errors.showDetails')}</summary>
          <pre className="mt-2 whitespace-pre-wrap">{this.state.error.message}</pre>
        </details>
      </div>
    );
  }
}
