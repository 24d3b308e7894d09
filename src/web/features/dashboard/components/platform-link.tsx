import { useTranslation } from 'react-i18next';
import { cx } from '@web/lib/cx';
import { hostOf, isolate } from '@web/lib/format';
import { ExternalLinkIcon } from '@web/components/ui/icons';

/** The teacher's public platform ({subdomain}.{host}), opened in a new tab. */
export function PlatformLink({ url, className, testId }: { url: string; className?: string; testId?: string }) {
  const { t } = useTranslation('dashboard');
  const host = hostOf(url);
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      data-testid={testId}
      aria-label={t('topBar.platformLink', { host: isolate(host) })}
      title={t('topBar.platformLink', { host: isolate(host) })}
      className={cx(
        'inline-flex min-w-0 max-w-full items-center gap-1.5 rounded text-primary-700 hover:underline focus-visible:outline-2 focus-visible:outline-primary-500',
        className,
      )}
    >
      <bdi dir="ltr" className="min-w-0 truncate">
        {host}
      </bdi>
      <ExternalLinkIcon className="h-4 w-4" />
    </a>
  );
}
