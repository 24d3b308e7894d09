import { useTranslation } from 'react-i18next';
import { SUBDOMAIN_MAX_LENGTH, SUBDOMAIN_MIN_LENGTH } from '@shared/constants';
import type { TSubdomainStatus } from './subdomain-availability';

type TState = 'met' | 'unmet' | 'pending';

function Mark({ state }: { state: TState }) {
  if (state === 'met') {
    return (
      <svg aria-hidden viewBox="0 0 24 24" className="h-4 w-4 shrink-0 text-green-600" fill="none" stroke="currentColor" strokeWidth="3">
        <path d="M5 12l5 5L19 7" />
      </svg>
    );
  }
  if (state === 'unmet') {
    return (
      <svg aria-hidden viewBox="0 0 24 24" className="h-4 w-4 shrink-0 text-red-600" fill="none" stroke="currentColor" strokeWidth="3">
        <path d="M6 6l12 12M18 6L6 18" />
      </svg>
    );
  }
  return <span aria-hidden className="mx-1 h-2 w-2 shrink-0 rounded-full bg-gray-300" />;
}

/** Spec §2.3: the requirement checklist under the subdomain field, each rule ticked as it is met. */
export function SubdomainChecklist({ value, status }: { value: string; status: TSubdomainStatus }) {
  const { t } = useTranslation('auth');
  const empty = value.length === 0;
  const rule = (ok: boolean): TState => (empty ? 'pending' : ok ? 'met' : 'unmet');
  const formatOk = status.state !== 'invalid' || status.issue === 'taken';
  let available: TState = 'pending';
  if (status.state === 'valid') available = 'met';
  else if (status.state === 'invalid' && status.issue === 'taken') available = 'unmet';

  const items: Array<[string, TState]> = [
    ['chars', rule(/^[a-z0-9-]+$/.test(value))],
    ['length', rule(value.length >= SUBDOMAIN_MIN_LENGTH && value.length <= SUBDOMAIN_MAX_LENGTH)],
    ['edges', rule(/^[a-z0-9]/.test(value) && /[a-z0-9]$/.test(value))],
    ['available', formatOk ? available : 'pending'],
  ];
  return (
    <div className="rounded-lg border border-gray-200 bg-gray-50 p-3">
      <p className="text-xs font-bold text-gray-700">{t('register.subdomain.checklist.title')}</p>
      <ul data-testid="subdomain-checklist" className="mt-2 space-y-1.5">
        {items.map(([key, state]) => (
          <li key={key} data-rule={key} data-state={state} className="flex items-center gap-2 text-xs text-gray-700">
            <Mark state={state} />
            <span>{t(`register.subdomain.checklist.${key}`)}</span>
            <span className="sr-only">{t(`register.subdomain.state.${state}`)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
