import { Component, lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { INPUT_CLASS } from '@web/components/ui/form-field';

const loadField = () => import('./math-field');
const MathField = lazy(loadField);

/** Fetches the maths keyboard ahead (a paper with expression questions), so that it is there if the network drops. */
export function preloadMathField(): void {
  void loadField().catch(() => undefined);
}

type TProps = { id: string; value: string; onChange: (latex: string) => void; label: string; disabled?: boolean };

/** If the keyboard's code cannot be loaded (offline before it ever loaded), the plain field stays. */
class Fallback extends Component<{ plain: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.plain : this.props.children;
  }
}

/**
 * An expression answer: MathLive with its maths keyboard, loaded on first use (never part of the app shell).
 * While it loads, and if it cannot load, a plain left-to-right field takes the same LaTeX.
 */
export function MathInput(props: TProps) {
  const { i18n } = useTranslation();
  const plain = (
    <input
      id={props.id}
      dir="ltr"
      aria-label={props.label}
      data-testid={`${props.id}-plain`}
      className={`${INPUT_CLASS} border-gray-300`}
      value={props.value}
      disabled={props.disabled}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
  return (
    <Fallback plain={plain}>
      <Suspense fallback={plain}>
        <MathField {...props} lang={i18n.language} />
      </Suspense>
    </Fallback>
  );
}
