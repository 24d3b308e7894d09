// Transcoding speed and picture quality of the rendition ladder (issues 29 and 30): 240p + 360p + 720p + audio only,
// made by the code's own ffmpeg arguments (src/server/video/ffmpeg.ts) with several x264 presets and thread counts.
// For each: wall-clock speed (× real time), CPU seconds (ffmpeg's user + system, read from /proc after it exits,
// so the figure holds however busy the machine is) and the speed the same work would have on 2 free cores, and
// the PSNR of each rendition against the source scaled to its size (ffmpeg's psnr filter).
// Run: node bench/run.mjs video-renditions   (needs ffmpeg). Writes bench/results/video-renditions.md.
// VIDEO_BENCH_SECONDS sets the clip length (default 60); VIDEO_BENCH_PRESETS a comma list like "veryfast,faster:2".
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { allRenditionsFor, transcodeToHls } from '@server/video/ffmpeg';
import { probeVideo } from '@server/video/probe';
import { size, SMOKE, writeResult } from './smoke';

const SECONDS = size(Number(process.env.VIDEO_BENCH_SECONDS ?? 60), 2);
// "default" is the production choice (a preset per height, src/server/video/ffmpeg.ts); another name forces that
// preset on every rendition; ":N" fixes x264's threads per output.
const CONFIGS = (process.env.VIDEO_BENCH_PRESETS ?? (SMOKE ? 'default' : 'default,veryfast,superfast,faster,default:2')).split(',').map((c) => ({
  name: c,
  preset: c.split(':')[0] === 'default' ? undefined : c.split(':')[0],
  threads: c.split(':')[1] ? Number(c.split(':')[1]) : undefined,
}));
const TICK = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

const uptime = () => execFileSync('uptime').toString().trim();

/** CPU seconds of this process's children that have ended (fields cutime and cstime of /proc/self/stat). */
function childCpuSeconds(): number {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) / TICK;
}

/**
 * A lecture-like 720p source: a moving test picture with camera-like grain (noise makes the encoder work as
 * on a real recording; a clean synthetic picture is unrealistically cheap) and a tone. Made once, outside the timing.
 */
function makeSource(file: string) {
  const args = ['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=25,noise=alls=10:allf=t`];
  args.push('-f', 'lavfi', '-i', 'sine=frequency=330:beep_factor=4', '-t', String(SECONDS), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '16');
  args.push('-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', file);
  execFileSync('ffmpeg', args);
}

/** PSNR (average, dB) of a clear rendition against the source scaled to the rendition's size. */
function psnr(rendition: string, source: string, height: number): number {
  const graph = `[1:v]scale=-2:${height}:flags=bicubic[ref];[0:v][ref]psnr`;
  const run = spawnSync('ffmpeg', ['-hide_banner', '-nostdin', '-i', rendition, '-i', source, '-lavfi', graph, '-f', 'null', '-'], { encoding: 'utf8' });
  const match = /PSNR .*average:([0-9.]+|inf)/.exec(run.stderr);
  return match ? Number(match[1]) : Number.NaN;
}

/** Bytes of a rendition's segments, as kbit/s over the clip. */
function kbps(dir: string, seconds: number): number {
  const bytes = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0);
  return Math.round((bytes * 8) / seconds / 1000);
}

/** The results file, rewritten after each configuration so that a run cut short keeps what it measured. */
function report(startedAt: string, loadBefore: string, renditions: number[], rows: string[], done: boolean) {
  const text = `# Rendition ladder: transcoding speed and quality

Run ${startedAt} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ffmpeg ${execFileSync('ffmpeg', ['-version']).toString().split('\n')[0]?.split(' ')[2]}.
Load before: \`${loadBefore}\`; ${done ? 'after' : 'at the last row (run not finished)'}: \`${uptime()}\`.
Command: \`VIDEO_BENCH_SECONDS=${SECONDS} VIDEO_BENCH_PRESETS=${CONFIGS.map((c) => c.name).join(',')} node bench/run.mjs video-renditions\`

Source: ${SECONDS} s of 1280×720 at 25 fps, \`testsrc2\` with temporal grain (\`noise=alls=10:allf=t\`), a tone, x264 veryfast CRF 16.
One ffmpeg process makes every rendition (${renditions.map((r) => (r === 0 ? 'audio only' : `${r}p`)).join(', ')}) under \`nice -n 10\`, as the transcode job does.
"Wall" is × real time on this shared machine; "CPU s" is ffmpeg's user + system time, and "on 2 free cores" is the
clip's duration divided by half the CPU time: the speed the job reaches when it has both cores to itself.
PSNR compares each rendition with the source scaled to its height (bicubic); first segment = EXTINF of the 240p playlist's first segment.

| preset | threads | wall | CPU s | on 2 free cores | quality | first segment |
|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
  writeResult('bench/results/video-renditions.md', text);
  return text;
}

async function main() {
  const startedAt = new Date().toISOString();
  const loadBefore = uptime();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-renditions-bench-'));
  const source = path.join(work, 'source.mp4');
  makeSource(source);
  const probe = await probeVideo({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }, source);
  if (!probe) throw new Error('the source did not probe');
  const renditions = allRenditionsFor(probe);
  const rows: string[] = [];
  for (const config of CONFIGS) {
    const dir = path.join(work, config.name.replace(':', '-'));
    for (const r of renditions) fs.mkdirSync(path.join(dir, String(r)), { recursive: true });
    const cpu0 = childCpuSeconds();
    const t0 = performance.now();
    await transcodeToHls('ffmpeg', source, dir, probe, renditions, () => undefined, undefined, config);
    const wall = (performance.now() - t0) / 1000;
    const cpu = childCpuSeconds() - cpu0;
    const quality = renditions.map((r) =>
      r === 0
        ? `audio ${kbps(path.join(dir, '0'), probe.durationSec)} kb/s`
        : `${r}p ${psnr(path.join(dir, String(r), 'index.m3u8'), source, r).toFixed(2)} dB (${kbps(path.join(dir, String(r)), probe.durationSec)} kb/s)`,
    );
    const first = fs.readFileSync(path.join(dir, String(renditions[1] ?? renditions[0]), 'index.m3u8'), 'utf8').match(/#EXTINF:([0-9.]+)/)?.[1];
    rows.push(
      `| ${config.preset ?? 'default (240p veryfast, 360p and 720p superfast)'} | ${config.threads ?? 'auto'} | ${(probe.durationSec / wall).toFixed(2)}× | ${cpu.toFixed(1)} | ${(probe.durationSec / (cpu / 2)).toFixed(2)}× | ${quality.join('; ')} | ${first} s |`,
    );
    console.log(rows.at(-1));
    report(startedAt, loadBefore, renditions, rows, false);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  fs.rmSync(work, { recursive: true, force: true });
  console.log(report(startedAt, loadBefore, renditions, rows, true));
}

await main();
