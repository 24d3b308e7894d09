import fs from 'node:fs';
import path from 'node:path';
import { Marked } from 'marked';
import { LANGUAGES, type TLanguage } from '@shared/i18n';
import { DOC_SLUGS } from '@views/site/docs-pages';
import { appPath } from '@server/core/app-root';

export const DOCS_DIR = appPath('content/docs');

/**
 * The documentation is Markdown per language (content/docs/{lng}/{slug}.md), written by us, rendered
 * once per page. Raw HTML in it is escaped anyway: the pages' CSP and our habits forbid surprises.
 */
const marked = new Marked({
  gfm: true,
  renderer: {
    html({ text }) {
      return text.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c] ?? c);
    },
    // Inline code holds addresses and paths: isolated left to right so that Arabic text around them keeps its order.
    codespan({ text }) {
      return `<code dir="ltr">${text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c)}</code>`;
    },
  },
});

export type TDocsStore = { html: (lng: TLanguage, slug: string) => string | null };

export function loadDocs(dir = DOCS_DIR): TDocsStore {
  const pages = new Map<string, string | null>();
  // Each page is rendered on its first request, then kept: rendering all of them at start cost a warm
  // start about 0.35 s (docs/decisions/016-fast-start.md).
  const render = (lng: TLanguage, slug: string): string | null => {
    if (!LANGUAGES.includes(lng) || !DOC_SLUGS.includes(slug)) return null;
    const file = path.join(dir, lng, `${slug}.md`);
    return fs.existsSync(file) ? marked.parse(fs.readFileSync(file, 'utf8'), { async: false }) : null;
  };
  return {
    html: (lng, slug) => {
      const key = `${lng}/${slug}`;
      if (!pages.has(key)) pages.set(key, render(lng, slug));
      return pages.get(key) ?? null;
    },
  };
}
