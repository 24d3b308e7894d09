/*
 * The editor's live preview (inside its iframe, ?preview=true): the same section components the
 * server rendered, re-rendered from the editor's unsaved draft each time it changes. Only preview pages
 * load this bundle; visitors never do.
 */
import { createRoot, type Root } from 'react-dom/client';
import { formatDzd } from '@shared/format';
import { toLanguage } from '@shared/i18n';
import { toLandingView, type TLandingCourseCard } from '@shared/landing-view';
import { LandingBody } from '@views/landing/landing-body';
import type { TTranslate } from '@views/landing/types';

type TPreviewData = {
  pageId?: string;
  preview?: {
    page: Record<string, unknown>;
    courseCards: TLandingCourseCard[];
    host: 'subdomain' | 'main';
    registerHref: string;
    labels: Record<string, unknown>;
  };
};

const data = JSON.parse(document.getElementById('lp-data')?.textContent ?? '{}') as TPreviewData;

function translator(labels: Record<string, unknown>): TTranslate {
  return (key, params) => {
    const found = key
      .split('.')
      .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), labels);
    const text = typeof found === 'string' ? found : key;
    // `{{price, dzd}}`: an amount through the shared formatter, as the server renders it.
    return text.replace(/\{\{(\w+)(, dzd)?\}\}/g, (_, name: string, dzd?: string) =>
      dzd ? formatDzd(toLanguage(document.documentElement.lang), Number(params?.[name])) : String(params?.[name] ?? ''),
    );
  };
}

let root: Root | null = null;

function render(page: Record<string, unknown>) {
  const preview = data.preview;
  const container = document.getElementById('lp-root');
  if (!preview || !container) return;
  const view = toLandingView({ ...page, id: data.pageId }, preview.courseCards);
  document.body.style.setProperty('--lp-primary', view.theme.primary);
  document.body.style.setProperty('--lp-secondary', view.theme.secondary);
  document.title = view.meta.title || view.title;
  root ??= createRoot(container);
  root.render(<LandingBody view={view} ctx={{ t: translator(preview.labels), host: preview.host, preview: true, registerHref: preview.registerHref }} />);
}

window.addEventListener('message', (event: MessageEvent<{ type?: string; page?: Record<string, unknown> }>) => {
  // Only the editor that framed us (same origin) may drive the preview.
  if (event.origin !== window.location.origin || event.source !== window.parent) return;
  if (event.data?.type === 'landing-preview:update' && event.data.page) render(event.data.page);
  if (event.data?.type === 'landing-preview:ping') announceReady();
});

function announceReady() {
  if (window.parent !== window) window.parent.postMessage({ type: 'landing-preview:ready', pageId: data.pageId }, window.location.origin);
}
// Said once now and again when the editor asks (on the frame's load event): a first message sent before the
// editor listened is not lost.
announceReady();
