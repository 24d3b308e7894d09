import katex from 'katex';
import 'katex/dist/katex.min.css';
import { memo, useMemo } from 'react';
import { splitContent } from './segments';

function renderTex(tex: string, display: boolean): string {
  // trust: false (the default) refuses \href, \includegraphics and raw HTML: a teacher's text cannot inject markup.
  return katex.renderToString(tex, { displayMode: display, throwOnError: false, output: 'htmlAndMathml', strict: 'ignore' });
}

/**
 * A question's or an answer's text with its LaTeX rendered by KaTeX (fonts and CSS bundled by Vite, no CDN).
 * Each formula is isolated left to right inside the Arabic text (dir="ltr", unicode-bidi: isolate), so
 * `f(x)=2x+1` never comes out mirrored; display formulas take their own line, scrolling sideways on a phone.
 * Figures written `![alt](https://…)` are shown as images.
 */
export const MathText = memo(function MathText({ text, className }: { text: string; className?: string }) {
  const parts = useMemo(() => splitContent(text).map((s) => (s.kind === 'math' ? { ...s, html: renderTex(s.tex, s.display) } : s)), [text]);
  return (
    <span className={className} data-testid="math-text">
      {parts.map((p, i) =>
        p.kind === 'text' ? (
          <span key={i} className="whitespace-pre-line">
            {p.text}
          </span>
        ) : p.kind === 'image' ? (
          <img key={i} src={p.src} alt={p.alt} loading="lazy" className="my-2 block h-auto max-w-full rounded-lg border border-gray-200" />
        ) : p.display ? (
          <span
            key={i}
            dir="ltr"
            className="my-2 block overflow-x-auto text-center [unicode-bidi:isolate]"
            data-math="display"
            dangerouslySetInnerHTML={{ __html: p.html }}
          />
        ) : (
          <bdi key={i} dir="ltr" className="[unicode-bidi:isolate]" data-math="inline" dangerouslySetInnerHTML={{ __html: p.html }} />
        ),
      )}
    </span>
  );
});
