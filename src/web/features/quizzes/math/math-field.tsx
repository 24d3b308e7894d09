import 'katex/dist/katex.min.css';
import { MathfieldElement } from 'mathlive';
import { useEffect, useRef } from 'react';

// The KaTeX fonts MathLive draws with come from katex.min.css above (bundled by Vite): it loads nothing itself,
// and plays no sounds.
MathfieldElement.fontsDirectory = null;
MathfieldElement.soundsDirectory = null;

type TProps = { id: string; value: string; onChange: (latex: string) => void; label: string; disabled?: boolean; lang: string };

/**
 * MathLive's <math-field>, created here so that its 800 KB are only downloaded by a student who meets an
 * expression question (math-input.tsx loads this module lazily). On a touch screen its maths keyboard opens on focus.
 */
export default function MathField({ id, value, onChange, label, disabled, lang }: TProps) {
  const host = useRef<HTMLDivElement>(null);
  const field = useRef<MathfieldElement | null>(null);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  }, [onChange]);

  useEffect(() => {
    MathfieldElement.locale = lang;
    const mf = new MathfieldElement();
    mf.id = id;
    mf.setAttribute('dir', 'ltr');
    mf.setAttribute('aria-label', label);
    mf.setAttribute('data-testid', `${id}-math`);
    mf.mathVirtualKeyboardPolicy = 'auto';
    mf.smartFence = true;
    mf.className = 'block w-full min-h-11 rounded-lg border bg-white px-2 py-1 text-lg';
    mf.addEventListener('input', () => latest.current(mf.getValue('latex')));
    host.current?.appendChild(mf);
    field.current = mf;
    return () => {
      mf.remove();
      field.current = null;
    };
    // The element is created once; its value and state follow below.
  }, [id, label, lang]);

  useEffect(() => {
    const mf = field.current;
    if (mf && mf.getValue('latex') !== value) mf.setValue(value, { silenceNotifications: true });
  }, [value]);

  useEffect(() => {
    if (field.current) field.current.readonly = Boolean(disabled);
  }, [disabled]);

  return <div ref={host} dir="ltr" />;
}
