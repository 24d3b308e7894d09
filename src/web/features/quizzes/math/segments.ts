export type TSegment = { kind: 'text'; text: string } | { kind: 'math'; tex: string; display: boolean } | { kind: 'image'; src: string; alt: string };

/** `![alt](url)`: a figure in a question; only https and same-origin addresses are shown. */
const IMAGE = /!\[([^\]]*)\]\(((?:https:\/\/|\/)[^\s)]+)\)/g;

/** Text, math and images: the images of the text segments (never inside maths). */
export function splitContent(source: string): TSegment[] {
  return splitMath(source).flatMap((seg): TSegment[] => {
    if (seg.kind !== 'text') return [seg];
    const out: TSegment[] = [];
    let last = 0;
    for (const m of seg.text.matchAll(IMAGE)) {
      if (m.index > last) out.push({ kind: 'text', text: seg.text.slice(last, m.index) });
      out.push({ kind: 'image', alt: m[1] ?? '', src: m[2]! });
      last = m.index + m[0].length;
    }
    if (last < seg.text.length) out.push({ kind: 'text', text: seg.text.slice(last) });
    return out;
  });
}

/**
 * Splits a question's text into plain text and LaTeX: `$…$` or `\(…\)` inline, `$$…$$` or `\[…\]` on their own
 * line. `\$` is a dollar sign. An opening mark without its closing one stays text.
 */
export function splitMath(source: string): TSegment[] {
  const out: TSegment[] = [];
  let text = '';
  let i = 0;
  const pushText = () => {
    if (text) out.push({ kind: 'text', text });
    text = '';
  };
  while (i < source.length) {
    if (source.startsWith('\\$', i)) {
      text += '$';
      i += 2;
      continue;
    }
    const open = (['$$', '\\[', '\\(', '$'] as const).find((m) => source.startsWith(m, i));
    if (open) {
      const close = open === '\\[' ? '\\]' : open === '\\(' ? '\\)' : open;
      const end = findClose(source, close, i + open.length);
      if (end > i + open.length) {
        pushText();
        out.push({ kind: 'math', tex: source.slice(i + open.length, end).trim(), display: open === '$$' || open === '\\[' });
        i = end + close.length;
        continue;
      }
    }
    text += source[i];
    i += 1;
  }
  pushText();
  return out;
}

function findClose(source: string, close: string, from: number): number {
  for (let j = from; j < source.length; j++) {
    if (source[j] === '\\' && close === '$') {
      j += 1;
      continue;
    }
    if (source.startsWith(close, j)) return j;
  }
  return -1;
}
