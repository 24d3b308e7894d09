import { spawn } from 'node:child_process';
import path from 'node:path';
import type { TProbe } from './probe';

/** Heights made when the source has them; never upscaled (issue 12). */
const LADDER = [360, 720] as const;
export const SEGMENT_SECONDS = 5;
const VIDEO_BITRATE: Record<number, string> = { 360: '800k', 720: '2500k' };

/** The renditions for a source: those not above it, or one at the source's own (even) height when it is smaller. */
export function renditionsFor(probe: TProbe): number[] {
  const fitting = LADDER.filter((h) => h <= probe.height);
  return fitting.length > 0 ? fitting : [Math.max(2, probe.height - (probe.height % 2))];
}

function outputArgs(probe: TProbe, height: number, dir: string): string[] {
  // A keyframe every segment, and none at scene cuts, so every segment is 5 s and starts on a keyframe.
  const gop = String(Math.max(1, Math.round(probe.fps * SEGMENT_SECONDS)));
  return [
    '-map', '0:v:0', '-map', '0:a:0?',
    '-vf', `scale=-2:${height}`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p',
    '-b:v', VIDEO_BITRATE[height] ?? '1200k', '-maxrate', VIDEO_BITRATE[height] ?? '1200k', '-bufsize', '4M',
    '-g', gop, '-keyint_min', gop, '-sc_threshold', '0',
    '-c:a', 'aac', '-b:a', '128k', '-ac', '2',
    '-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod',
    '-hls_segment_filename', path.join(dir, String(height), 'seg-%04d.ts'),
    path.join(dir, String(height), 'index.m3u8'),
  ];
}

/** Percent done from ffmpeg's `-progress` blocks (out_time_us is microseconds of output written). */
export function progressParser(durationSec: number, onPercent: (percent: number) => void) {
  let buffered = '';
  return (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      const [key, value] = line.trim().split('=');
      if (key === 'out_time_us' && value && /^\d+$/.test(value)) onPercent(Math.min(99, Math.floor(Number(value) / (durationSec * 1e4))));
      if (key === 'progress' && value === 'end') onPercent(100);
    }
  };
}

/** Runs a program under `nice` so the web server keeps its share of the cores; stderr is kept short. */
function runNice(program: string, args: string[], signal: AbortSignal | undefined, onStdout?: (chunk: Buffer) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('nice', ['-n', '10', program, ...args], { stdio: ['ignore', 'pipe', 'pipe'], signal });
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => onStdout?.(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(program)} exited with ${code}: ${stderr.slice(-500)}`))));
  });
}

/** One decode, one clear HLS rendition per height in `dir/{height}/` (encrypted afterwards, encrypt-hls.ts). */
export function transcodeToHls(ffmpeg: string, source: string, dir: string, probe: TProbe, heights: number[], onPercent: (p: number) => void, signal?: AbortSignal) {
  const args = ['-hide_banner', '-nostdin', '-y', '-nostats', '-progress', 'pipe:1', '-i', source, ...heights.flatMap((h) => outputArgs(probe, h, dir))];
  return runNice(ffmpeg, args, signal, progressParser(probe.durationSec, onPercent));
}

/** A still from about a tenth of the way in. */
export function thumbnail(ffmpeg: string, source: string, target: string, probe: TProbe, signal?: AbortSignal) {
  const at = (probe.durationSec * 0.1).toFixed(2);
  return runNice(ffmpeg, ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-ss', at, '-i', source, '-frames:v', '1', '-vf', 'scale=-2:360', '-q:v', '4', target], signal);
}
