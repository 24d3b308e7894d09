// R5 crash safety (issue 16): `kill -9` of the built server during a stream of writes (sign-ups with code
// redemptions, course edits, lesson file uploads), N times, on PGlite and on PostgreSQL. After each restart:
// the embedded database opens, every write that was acknowledged (a 2xx answer reached the client) is there, and
// nothing is half done (the code's uses equal the students enrolled through it).
// Usage: node scripts/reliability/r5-crash.mjs [runs=50] [pglite|postgres|both=both]
//   R5_DATABASE_URL: an empty PostgreSQL database for the postgres run (default postgres://postgres@127.0.0.1:5432/darsi_r5)
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { killHard, newStudent, setupPlatform, sleep, startServer, stopGracefully, unique, waitHealthy } from './lib.mjs';

const runs = Number(process.argv[2] ?? 50);
const which = process.argv[3] ?? 'both';
const port = Number(process.env.R5_PORT ?? 4391);
const base = `http://127.0.0.1:${port}`;

/** A small valid PDF whose text makes it unique, so that its digest identifies the upload. */
function pdf(marker) {
  const body = `%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n% ${marker}\ntrailer <</Root 1 0 R>>\n%%EOF\n`;
  return new TextEncoder().encode(body);
}
const sha = (bytes) => crypto.createHash('sha256').update(bytes).digest('hex');

/** Writes until `stop.now`; records what the server acknowledged. */
async function writer(kind, p, acked, stop) {
  while (!stop.now) {
    try {
      if (kind === 'redeem') {
        const s = await newStudent(base, p.subdomain);
        acked.students.push(s);
        const res = await s.post('/api/codes/student/redeem', { code: p.code, platform: p.subdomain });
        if (res.status === 200 && (await res.json()).pending === false) acked.redeemed.push(s);
      } else if (kind === 'edit') {
        const title = unique('درس ');
        const res = await p.teacher.post(`/api/courses/teacher/courses/${p.courseId}/lessons`, {
          sectionId: p.sectionId,
          title,
          type: 'text',
          bodyHtml: `<p>${title}</p>`,
        });
        if (res.status === 201) acked.lessons.push(title);
        const description = unique('وصف ');
        acked.descriptions.push(description);
        const edit = await p.teacher.patch(`/api/courses/teacher/courses/${p.courseId}`, { description });
        if (edit.status === 200) acked.lastDescription = acked.descriptions.length - 1;
      } else {
        const created = await p.teacher.post(`/api/courses/teacher/courses/${p.courseId}/lessons`, {
          sectionId: p.sectionId,
          title: unique('ملف '),
          type: 'file',
        });
        if (created.status !== 201) continue;
        const lesson = await created.json();
        const bytes = pdf(unique('upload-'));
        const res = await p.teacher.put(`/api/courses/teacher/uploads/lessons/${lesson.id}`, bytes, {
          'content-type': 'application/pdf',
          'x-file-name': 'notes.pdf',
        });
        if (res.status === 200) acked.files.push({ id: lesson.id, sha: sha(bytes) });
      }
    } catch {
      // The server died under this request: not acknowledged.
    }
  }
}

async function check(p, acked) {
  const problems = [];
  const course = await p.teacher.json(await p.teacher.get(`/api/courses/teacher/courses/${p.courseId}`));
  const titles = new Set(JSON.stringify(course).match(/درس [0-9a-f]{10}/g) ?? []);
  for (const t of acked.lessons) if (!titles.has(t)) problems.push(`lesson "${t}" lost`);
  // The description is overwritten by each edit: it must be the last acknowledged one, or one sent after it
  // whose answer the kill cut off (committed but not acknowledged).
  if (acked.lastDescription >= 0 && !acked.descriptions.slice(acked.lastDescription).includes(course.description)) problems.push('course description lost');
  for (const f of acked.files) {
    const res = await p.teacher.get(`/api/courses/teacher/lessons/${f.id}/file`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (res.status !== 200 || sha(bytes) !== f.sha) problems.push(`file of lesson ${f.id} lost or changed (${res.status})`);
  }
  for (const s of acked.redeemed) {
    const res = await s.get(`/api/learning/student/courses/${p.courseId}`);
    const body = res.status === 200 ? await res.json() : null;
    if (body?.subscription?.status !== 'active') problems.push(`redemption of ${s.email} lost (${res.status})`);
  }
  // No half-done redemption: the code's uses equal the students holding the course through it.
  const codes = await p.teacher.json(await p.teacher.get(`/api/codes/teacher/batches/${p.batchId}/codes`));
  const students = await p.teacher.json(await p.teacher.get(`/api/subscriptions/teacher/students?courseId=${p.courseId}&status=active&pageSize=100`));
  const uses = codes.codes[0].uses;
  if (uses !== students.total) problems.push(`code used ${uses} times but ${students.total} students enrolled`);
  if (uses < acked.redeemed.length) problems.push(`code used ${uses} times, ${acked.redeemed.length} acknowledged`);
  return problems;
}

async function runDriver(driver) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `darsi-r5-${driver}-`));
  const databaseUrl = driver === 'postgres' ? (process.env.R5_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/darsi_r5') : undefined;
  const result = { driver, runs: 0, acked: 0, lost: 0, partial: 0, openFailures: 0, restartMs: [], problems: [] };
  let child = startServer({ port, dataDir, databaseUrl });
  // Whatever happens, the server started here does not outlive the script.
  process.on('exit', () => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  });
  await waitHealthy(base, 180_000, child);
  const totals = { redeemed: 0, lessons: 0, files: 0 };
  let previous = null;
  for (let i = 0; i < runs; i += 1) {
    // A platform per run (a plan's student limit would fill up); the previous one is checked again.
    const p = await setupPlatform(base);
    const acked = { students: [], redeemed: [], lessons: [], files: [], descriptions: [], lastDescription: -1 };
    const stop = { now: false };
    const writers = ['redeem', 'redeem', 'edit', 'upload'].map((k) => writer(k, p, acked, stop));
    await sleep(2_000 + Math.random() * 3_000);
    await killHard(child);
    stop.now = true;
    await Promise.all(writers);
    result.acked += acked.redeemed.length + acked.lessons.length + acked.files.length + (acked.lastDescription >= 0 ? 1 : 0);
    totals.redeemed += acked.redeemed.length;
    totals.lessons += acked.lessons.length;
    totals.files += acked.files.length;
    const started = Date.now();
    child = startServer({ port, dataDir, databaseUrl });
    try {
      await waitHealthy(base, 180_000, child);
    } catch {
      result.openFailures += 1;
      result.problems.push(`run ${i + 1}: the server did not come back (see ${os.tmpdir()}/darsi-reliability-${port}.log)`);
      break;
    }
    result.restartMs.push(Date.now() - started);
    const problems = [...(await check(p, acked)), ...(previous ? (await check(...previous)).map((x) => `previous run: ${x}`) : [])];
    previous = [p, acked];
    result.runs += 1;
    for (const problem of problems) {
      result.problems.push(`run ${i + 1}: ${problem}`);
      if (/lost/.test(problem)) result.lost += 1;
      else result.partial += 1;
    }
    process.stdout.write(
      `${driver} ${i + 1}/${runs}: ${acked.redeemed.length} redeemed, ${acked.lessons.length} lessons, ${acked.files.length} files acknowledged; ${problems.length ? problems.join('; ') : 'all there'}\n`,
    );
  }
  result.totals = totals;
  await stopGracefully(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return result;
}

const results = [];
for (const driver of which === 'both' ? ['pglite', 'postgres'] : [which]) results.push(await runDriver(driver));
const median = (xs) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : NaN);
const out = results.map((r) => ({ ...r, restartMedianMs: median(r.restartMs), restartMaxMs: Math.max(...r.restartMs), restartMs: undefined }));
fs.mkdirSync('bench/results', { recursive: true });
fs.writeFileSync(path.join(os.tmpdir(), 'darsi-r5.json'), JSON.stringify(out, null, 2));
console.log(JSON.stringify(out, null, 2));
process.exit(out.every((r) => r.problems.length === 0 && r.runs === runs) ? 0 : 1);
