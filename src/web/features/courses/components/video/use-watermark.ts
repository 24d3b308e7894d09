import { useEffect, type RefObject } from 'react';
import { watermarkSpot } from './video-math';

/** Seconds between two moves: often enough that no corner of a recording stays clean for long. */
const MOVE_MS = 5_000;

const STYLE: Partial<CSSStyleDeclaration> = {
  position: 'absolute',
  zIndex: '20',
  pointerEvents: 'none',
  userSelect: 'none',
  whiteSpace: 'nowrap',
  fontSize: 'clamp(10px, 2.2vw, 16px)',
  fontWeight: '600',
  lineHeight: '1.35',
  color: 'rgba(255, 255, 255, 0.55)',
  textShadow: '0 0 2px rgba(0, 0, 0, 0.7)',
  transition: 'inset-block-start 0.6s ease, inset-inline-start 0.6s ease',
  display: 'block',
  visibility: 'visible',
  opacity: '1',
};

/**
 * Draws the viewer's name, masked contact and date over the picture and moves it every few seconds.
 * It lives outside React's tree on purpose: when someone deletes it or hides it from the developer tools,
 * a MutationObserver puts it back as it was, which a React-rendered node would not survive.
 * The container (not the <video>) is what goes full screen, so the mark stays in full screen too.
 */
export function useWatermark(container: RefObject<HTMLElement | null>, lines: string[] | null) {
  // Each line is isolated (FSI…PDI) so that a masked e-mail keeps its left-to-right order in an Arabic page.
  const text = lines?.map((line) => `\u2068${line}\u2069`).join('\n') ?? null;
  useEffect(() => {
    const host = container.current;
    if (!host || text === null) return;
    const mark = document.createElement('div');
    mark.dataset.testid = 'video-watermark';
    mark.setAttribute('aria-hidden', 'true');
    let spot = watermarkSpot(Math.random);
    const paint = () => {
      Object.assign(mark.style, STYLE, { insetBlockStart: `${spot.top}%`, insetInlineStart: `${spot.start}%` });
      mark.style.whiteSpace = 'pre';
      if (mark.textContent !== text) mark.textContent = text;
    };
    paint();
    host.appendChild(mark);

    const observer = new MutationObserver(() => {
      observer.disconnect();
      if (mark.parentNode !== host) host.appendChild(mark);
      paint();
      watch();
    });
    const watch = () => {
      observer.observe(host, { childList: true });
      observer.observe(mark, { attributes: true, childList: true, characterData: true, subtree: true });
    };
    watch();
    const timer = window.setInterval(() => {
      spot = watermarkSpot(Math.random, spot);
      observer.disconnect();
      paint();
      watch();
    }, MOVE_MS);
    return () => {
      window.clearInterval(timer);
      observer.disconnect();
      mark.remove();
    };
  }, [container, text]);
}
