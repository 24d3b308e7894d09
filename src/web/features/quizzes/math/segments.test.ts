import { describe, expect, it } from 'vitest';
import { splitContent, splitMath } from './segments';

describe('splitMath', () => {
  it('finds inline and display maths among Arabic text', () => {
    expect(splitMath('احسب $f(x)=x^2$ ثم $$\\int_0^1 f$$')).toEqual([
      { kind: 'text', text: 'احسب ' },
      { kind: 'math', tex: 'f(x)=x^2', display: false },
      { kind: 'text', text: ' ثم ' },
      { kind: 'math', tex: '\\int_0^1 f', display: true },
    ]);
  });

  it('reads \\( \\) and \\[ \\], keeps escaped dollars and unclosed marks as text', () => {
    expect(splitMath('\\(a\\) 5\\$ \\[b\\] $x')).toEqual([
      { kind: 'math', tex: 'a', display: false },
      { kind: 'text', text: ' 5$ ' },
      { kind: 'math', tex: 'b', display: true },
      { kind: 'text', text: ' $x' },
    ]);
  });

  it('keeps a backslash-escaped dollar inside maths', () => {
    expect(splitMath('$\\$5$')).toEqual([{ kind: 'math', tex: '\\$5', display: false }]);
  });

  it('treats an empty $$ pair as text', () => {
    expect(splitMath('$$')).toEqual([{ kind: 'text', text: '$$' }]);
  });
});

describe('splitContent', () => {
  it('finds https and same-origin images in the text, never javascript: or data: ones', () => {
    expect(splitContent('الشكل ![منحنى](https://x.test/c.png) و$x$ ![](/landing-assets/a.png) ![x](javascript:alert(1))')).toEqual([
      { kind: 'text', text: 'الشكل ' },
      { kind: 'image', alt: 'منحنى', src: 'https://x.test/c.png' },
      { kind: 'text', text: ' و' },
      { kind: 'math', tex: 'x', display: false },
      { kind: 'text', text: ' ' },
      { kind: 'image', alt: '', src: '/landing-assets/a.png' },
      { kind: 'text', text: ' ![x](javascript:alert(1))' },
    ]);
  });
});
