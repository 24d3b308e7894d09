import { useEffect, useRef, type RefObject } from 'react';
import { watermarkSpot } from './video-math';

/** Seconds between two destinations: the mark glides there, so no corner of a recording stays clean for long. */
const MOVE_MS = 5_000;
/** Redraws per second: enough for a smooth glide, little work for a phone. */
const FRAME_MS = 100;

const STYLE: Partial<CSSStyleDeclaration> = {
  position: 'absolute',
  inset: '0',
  width: '100%',
  height: '100%',
  zIndex: '20',
  pointerEvents: 'none',
  display: 'block',
  visibility: 'visible',
  opacity: '1',
  transform: 'none',
  clipPath: 'none',
  filter: 'none',
};

function hidden(canvas: HTMLCanvasElement, host: HTMLElement): boolean {
  if (canvas.parentNode !== host) return true;
  const style = getComputedStyle(canvas);
  return style.display === 'none' || style.visibility !== 'visible' || Number(style.opacity) < 0.9 || canvas.offsetWidth < host.offsetWidth * 0.9;
}

type TSpot = ReturnType<typeof watermarkSpot>;

function canvasSize(host: HTMLElement) {
  const ratio = window.devicePixelRatio || 1;
  return { ratio, width: Math.max(1, Math.round(host.clientWidth * ratio)), height: Math.max(1, Math.round(host.clientHeight * ratio)) };
}

/** One frame: the lines at the point a fraction `k` of the way between two spots, in the page's direction. */
function paint(context: CanvasRenderingContext2D, host: HTMLElement, rows: string[], { from, to, k }: { from: TSpot; to: TSpot; k: number }) {
  const { ratio, width, height } = canvasSize(host);
  const top = ((from.top + (to.top - from.top) * k) / 100) * height;
  const start = ((from.start + (to.start - from.start) * k) / 100) * width;
  const size = Math.max(10, Math.min(16, host.clientWidth * 0.022)) * ratio;
  context.clearRect(0, 0, width, height);
  context.font = `600 ${size}px system-ui, sans-serif`;
  context.textBaseline = 'top';
  const rtl = getComputedStyle(host).direction === 'rtl';
  context.direction = rtl ? 'rtl' : 'ltr';
  context.textAlign = rtl ? 'right' : 'left';
  const x = rtl ? width - start : start;
  context.shadowColor = 'rgba(0, 0, 0, 0.7)';
  context.shadowBlur = 2 * ratio;
  context.fillStyle = 'rgba(255, 255, 255, 0.55)';
  rows.forEach((row, i) => context.fillText(row, x, top + i * size * 1.35));
}

/**
 * Draws the viewer's name, masked contact, date and the session's short code into a canvas laid over the
 * picture, redrawn ten times a second while it glides between random spots (decision 116). There is no text node
 * to hide or edit: someone who removes or hides the canvas from the developer tools gets it back at once and the
 * video pauses (`onTamper`), by a MutationObserver and by a check at every frame that also catches a style sheet
 * rule. It stays over the picture in full screen (the container goes full screen, not the <video>).
 * This is a deterrent, not a protection: a screen recorder or a camera still captures what is shown, mark included.
 */
export function useWatermark(container: RefObject<HTMLElement | null>, lines: string[] | null, onTamper: () => void) {
  const text = lines?.join('\n') ?? null;
  const tamper = useRef(onTamper);
  useEffect(() => {
    tamper.current = onTamper;
  });
  useEffect(() => {
    const host = container.current;
    if (!host || text === null) return;
    const rows = text.split('\n');
    const canvas = document.createElement('canvas');
    canvas.dataset.testid = 'video-watermark';
    // For tests and assistive tools that inspect the page; the picture itself carries the text.
    canvas.dataset.lines = text;
    canvas.setAttribute('aria-hidden', 'true');
    let from = watermarkSpot(Math.random);
    let to = watermarkSpot(Math.random, from);
    let leg = performance.now();

    const restore = () => {
      observer.disconnect();
      if (canvas.parentNode !== host) host.appendChild(canvas);
      canvas.removeAttribute('style');
      canvas.removeAttribute('class');
      canvas.removeAttribute('hidden');
      Object.assign(canvas.style, STYLE);
      watch();
    };
    const draw = () => {
      if (hidden(canvas, host)) {
        restore();
        tamper.current();
      }
      const { width, height } = canvasSize(host);
      if (canvas.width !== width || canvas.height !== height) {
        observer.disconnect();
        Object.assign(canvas, { width, height });
        watch();
      }
      const context = canvas.getContext('2d');
      if (!context) return;
      const now = performance.now();
      if (now - leg >= MOVE_MS) {
        [from, to, leg] = [to, watermarkSpot(Math.random, to), now];
      }
      paint(context, host, rows, { from, to, k: Math.min(1, (now - leg) / MOVE_MS) });
    };

    // Our own changes happen with the observer off, so anything it sees on the canvas is someone else's.
    const observer = new MutationObserver((records) => {
      const touched = records.some((r) => (r.type === 'attributes' && r.target === canvas) || Array.from(r.removedNodes).includes(canvas));
      if (!touched) return;
      restore();
      tamper.current();
    });
    const watch = () => {
      observer.observe(host, { childList: true });
      observer.observe(canvas, { attributes: true, attributeFilter: ['style', 'class', 'hidden', 'width', 'height'] });
    };
    Object.assign(canvas.style, STYLE);
    host.appendChild(canvas);
    watch();
    draw();
    const timer = window.setInterval(draw, FRAME_MS);
    return () => {
      window.clearInterval(timer);
      observer.disconnect();
      canvas.remove();
    };
  }, [container, text]);
}
