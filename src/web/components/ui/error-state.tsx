import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { AlertIcon } from './icons';
import { useErrorText } from '@web/lib/api-errors';

/** A failed load: what went wrong and a button that tries again. */
export function ErrorState({ message, onRetry, retrying = false }: { message: string; onRetry: () => void; retrying?: boolean }) {
  const { t } = useTranslation('dashboard');
  return (
    <div role="alert" data-testid="error-state" className="flex flex-col items-center gap-3 rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
      <AlertIcon className="h-8 w-8 text-red-600" />
      <p className="font-bold text-red-900">{t('common.loadFailed')}</p>
      <p className="text-sm text-red-800">{message}</p>
      <Button variant="secondary" onClick={onRetry} busy={retrying}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/** A query that failed (TanStack's result or anything shaped like it): its translated error and a retry. */
export function QueryError({ query }: { query: { error: unknown; refetch: () => unknown; isFetching: boolean } }) {
  const errorText = useErrorText();
  return <ErrorState message={errorText(query.error)} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
}
