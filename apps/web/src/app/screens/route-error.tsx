import { Button } from '@member-wallet/ui/button';
import { Component, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';

function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-dvh max-w-[480px] flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-lg text-slate-800">{t('errors.INTERNAL_SERVER_ERROR')}</p>
      <Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>
    </main>
  );
}

/**
 * A screen that throws while rendering, or whose chunk cannot be downloaded (a deploy replaced it, the
 * network dropped), shows a translated error with a reload button instead of a blank page. Going to
 * another path clears the error.
 */
export class RouteErrorBoundary extends Component<{ path: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: { path: string }) {
    if (this.state.failed && previous.path !== this.props.path) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
