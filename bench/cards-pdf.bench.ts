// PDF cards at the issue's scale (issue 22): 1,000 cards with card number, QR code and six digits, printed by
// the same function the print job runs, timed per phase as the teacher's progress shows them (QR codes drawn a
// hundred at a time, then Chromium's print). Run: node bench/run.mjs cards-pdf (needs Chromium: CHROMIUM_PATH,
// default /usr/bin/chromium). Prints a table.
import os from 'node:os';
import { cardsPdf } from '@server/codes/export';

const N = Number(process.env.CARDS_PDF_N ?? 1_000);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const cards = Array.from({ length: N }, (_, i) => ({
  serial: i + 1,
  cardNumber: `12-${String(i + 1).padStart(4, '0')}`,
  redeemLink: `https://ustadha-amina.darsi.dz/redeem#${Buffer.from(`bench-card-${i}-0123456789abcdef`).toString('base64url').slice(0, 32)}`,
  code: String((i * 7919 + 123_457) % 1_000_000).padStart(6, '0'),
  courseTitle: 'الرياضيات للباكالوريا',
  teacherName: 'الأستاذة أمينة',
  link: 'ustadha-amina.darsi.dz',
  validUntil: new Date(Date.now() + 30 * 86_400_000),
  planLabel: 'شهري',
}));
const load = os.loadavg()[0]!.toFixed(1);
const t0 = performance.now();
let drawnAt = 0;
const pdf = await cardsPdf(chromium, cards, async (drawn) => {
  if (drawn === N) drawnAt = performance.now();
});
const total = performance.now() - t0;
console.log(
  [
    '| cards | QR codes drawn | Chromium print | total | PDF | load (1 min) |',
    '|---|---|---|---|---|---|',
    `| ${N} | ${((drawnAt - t0) / 1000).toFixed(1)} s | ${((performance.now() - drawnAt) / 1000).toFixed(1)} s | ${(total / 1000).toFixed(1)} s | ${(pdf.length / 1024).toFixed(0)} KB, ${Math.ceil(N / 10)} pages | ${load} |`,
  ].join('\n'),
);
