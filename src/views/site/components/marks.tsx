import type { ReactNode } from 'react';
import { useSite } from '@views/site/context';
import { isComingSoon } from '@shared/features';

/**
 * Translated texts write a Latin address as `<ltr>yourname.darsi.dz</ltr>`: rendered isolated left to
 * right, so that in Arabic it neither reorders nor drags the punctuation around it.
 */
export function Rich({ text }: { text: string }) {
  const parts = text.split(/<ltr>(.*?)<\/ltr>/);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <bdi key={i} dir="ltr">
            {part}
          </bdi>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** A list entry of site.json: a text, or a text with the roadmap feature it depends on. */
export type TEntry = string | { text: string; soon?: string };

export const entryText = (entry: TEntry) => (typeof entry === 'string' ? entry : entry.text);
const entrySoon = (entry: TEntry) => (typeof entry === 'string' ? undefined : entry.soon);

/** Attributes that mark an element as describing a feature the roadmap has as upcoming or planned. */
export const soonAttributes = (feature: string | undefined) => (isComingSoon(feature) ? { 'data-soon': feature } : {});

/** "Coming soon" next to anything that depends on a feature not built yet (nothing once it is). */
export function SoonBadge({ feature, className = '' }: { feature: string | undefined; className?: string }) {
  const { t } = useSite();
  if (!isComingSoon(feature)) return null;
  // The space keeps "Live sessions Coming soon" two words for assistive technology and copy-paste.
  return (
    <>
      {' '}
      <span data-soon-badge className={`ms-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 align-middle text-xs font-bold text-amber-900 ${className}`}>
        {t('status.comingSoon')}
      </span>
    </>
  );
}

/** One list entry: its text and, when it depends on a feature to come, the badge. */
export function Entry({ entry, children }: { entry: TEntry; children?: ReactNode }) {
  return (
    <span {...soonAttributes(entrySoon(entry))}>
      {children}
      <Rich text={entryText(entry)} />
      <SoonBadge feature={entrySoon(entry)} />
    </span>
  );
}
