import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { THeroBackground, TLandingPageInput } from '@shared/schemas/landing';
import { cx } from '@web/lib/cx';

/** Spec §4: the editor tells the preview about a new hero background with this browser event. */
export function announceHeroBackground(frame: RefObject<HTMLIFrameElement | null>, pageId: string, settings: THeroBackground) {
  const target = frame.current?.contentWindow as (Window & typeof globalThis) | null | undefined;
  if (!target) return;
  // The event is built in the frame's own realm so that its listeners see an ordinary CustomEvent.
  target.dispatchEvent(new target.CustomEvent('hero-background-changed', { detail: { pageId, settings } }));
}

/**
 * The live preview beside the form: the server-rendered page (?preview=true) in a same-origin frame,
 * re-rendered by its own preview script with the draft each time the draft changes.
 */
export function PreviewFrame({ pageId, draft, frameRef }: { pageId: string; draft: TLandingPageInput; frameRef: RefObject<HTMLIFrameElement | null> }) {
  const { t } = useTranslation('landing');
  const [ready, setReady] = useState(false);
  const [width, setWidth] = useState<'mobile' | 'desktop'>('mobile');

  // Listening from the commit that inserts the frame, so that its first "ready" cannot come before we listen.
  useLayoutEffect(() => {
    const onMessage = (event: MessageEvent<{ type?: string }>) => {
      if (event.origin !== window.location.origin || event.source !== frameRef.current?.contentWindow) return;
      if (event.data?.type === 'landing-preview:ready') setReady(true);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frameRef]);

  useEffect(() => {
    if (!ready) return;
    const timer = window.setTimeout(() => {
      frameRef.current?.contentWindow?.postMessage({ type: 'landing-preview:update', page: draft }, window.location.origin);
    }, 120);
    return () => window.clearTimeout(timer);
  }, [draft, ready, frameRef]);

  return (
    <section aria-labelledby="preview-title" className="rounded-2xl border border-gray-200 bg-white p-3 shadow-sm">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="preview-title" className="text-sm font-bold text-gray-800">
          {t('editor.preview.title')}
        </h2>
        <div className="flex gap-1" role="group" aria-label={t('editor.preview.width')}>
          {(['mobile', 'desktop'] as const).map((w) => (
            <button
              key={w}
              type="button"
              aria-pressed={width === w}
              onClick={() => setWidth(w)}
              className={cx('min-h-9 rounded-lg px-3 text-xs font-medium', width === w ? 'bg-primary-600 text-white' : 'bg-gray-100 text-gray-700')}
            >
              {t(`editor.preview.${w}`)}
            </button>
          ))}
        </div>
      </div>
      <div className="overflow-hidden rounded-xl border border-gray-200 bg-gray-100">
        <iframe
          ref={frameRef}
          title={t('editor.preview.frameTitle')}
          src={`/landing/${pageId}?preview=true`}
          data-testid="landing-preview"
          data-ready={ready ? 'true' : 'false'}
          onLoad={() => frameRef.current?.contentWindow?.postMessage({ type: 'landing-preview:ping' }, window.location.origin)}
          className={cx('mx-auto block h-[70vh] bg-white', width === 'mobile' ? 'w-full max-w-[390px]' : 'w-full')}
        />
      </div>
    </section>
  );
}
