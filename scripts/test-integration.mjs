// Integration tests run on the embedded database (PGlite) and, when DATABASE_URL or TEST_DATABASE_URL names a
// server, on PostgreSQL too. Each test file gets a fresh database either way. The two runs go side by side: a
// PGlite run keeps about one core busy and a PostgreSQL run mostly waits on the server, so together they take
// little longer than the slower one. Each run's output is printed whole when it ends, so the logs don't interleave.
import { spawn } from 'node:child_process';

const pgUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;

function vitest(label, projects, env, exclude = []) {
  const t0 = Date.now();
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...exclude.flatMap((f) => ['--exclude', f])];
  const child = spawn('npx', args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks = [];
  child.stdout.on('data', (chunk) => chunks.push(chunk));
  child.stderr.on('data', (chunk) => chunks.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const secs = ((Date.now() - t0) / 1000).toFixed(1);
      process.stdout.write(`\n▶ integration tests on ${label}\n${Buffer.concat(chunks).toString()}`);
      console.log(`▶ integration tests on ${label}: ${code === 0 ? 'passed' : 'FAILED'} in ${secs}s`);
      resolve(code ?? 1);
    });
  });
}

// The process tests (real server binaries, a killed transcode) mostly wait on their child processes, so they run
// beside the others instead of after them.
// Files whose subject does not depend on the database driver (ffmpeg's renditions, S3, file type checks, the
// tenant matrix's authorization, the public site's pages rendered from Markdown and locale files) run once: on PostgreSQL when it is there, else on PGlite (decision 103).
const ONCE = ['video-failure', 'video-seed', 'video-preview', 'video-s3', 'upload-attacks', 'tenant-matrix', 'site-pages'].map(
  (f) => `tests/integration/${f}.test.ts`,
);
const runs = [
  vitest('PGlite', ['integration'], { TEST_DB_DRIVER: 'pglite' }, pgUrl ? ONCE : []),
  vitest('the server process', ['process'], { TEST_DB_DRIVER: 'pglite' }),
];
if (pgUrl) runs.push(vitest('PostgreSQL', ['integration'], { TEST_DB_DRIVER: 'postgres', TEST_DATABASE_URL: pgUrl }));
else console.log('(no DATABASE_URL or TEST_DATABASE_URL: PostgreSQL integration run not requested)');

const codes = await Promise.all(runs);
process.exit(codes.find((code) => code !== 0) ?? 0);
