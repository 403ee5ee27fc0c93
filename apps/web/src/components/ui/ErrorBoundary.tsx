import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { clientLog } from '../../lib/client-log/install.ts';
import { Button } from './Button.tsx';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** What shows instead of `children` once they crashed; `reset` draws them again. */
  fallback: (error: Error, reset: () => void) => ReactNode;
  /** Names the part in the console's report. */
  name: string;
  /** A crash is forgotten when this changes (e.g. the path): what is drawn next starts without it. */
  resetKey?: unknown;
}

interface State {
  error: Error | null;
}

/**
 * Keeps a crash to the part that crashed: `children` are replaced by `fallback` while the rest of the screen goes on
 * working, until `reset` or a new `resetKey`.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`${this.props.name} crashed`, error, info.componentStack);
    // A crash while drawing is a script error (spec §8): critical, reported at once.
    clientLog.errors?.report(error, 'script', undefined, { part: this.props.name });
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.reset();
  }

  private readonly reset = () => this.setState({ error: null });

  override render() {
    return this.state.error ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}

/** What a dashboard tile or card shows when it crashed: its title, a sentence, and Try again. */
export function PartFailed({ title, onRetry, className = '' }: { title?: string; onRetry: () => void; className?: string }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className={`rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 ${className}`}>
      {title && <p className="font-semibold">{title}</p>}
      <p className={title ? 'mt-1' : 'font-semibold'}>{t('errors.partFailed')}</p>
      <p className="mt-1 text-sm">{t('errors.partFailedHint')}</p>
      <Button variant="secondary" className="mt-3" onClick={onRetry}>
        {t('errors.tryAgain')}
      </Button>
    </div>
  );
}

/** A dashboard tile or card that crashes alone: the others stay, and it can be tried again. */
export function PartBoundary({
  name,
  title,
  className,
  children,
}: {
  name: string;
  title?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <ErrorBoundary name={name} fallback={(_error, reset) => <PartFailed title={title} className={className} onRetry={reset} />}>
      {children}
    </ErrorBoundary>
  );
}
