import { spawn } from 'node:child_process';
import path from 'node:path';
import type { TProbe } from './probe';

/** Heights made when the source has them; never upscaled (issue 12). 240p is for weak lines (issue 30). */
const LADDER = [240, 360, 720] as const;
export const SEGMENT_SECONDS = 5;
/** The first segment of every rendition is this short, so the first frame comes after a small download (issue 29). */
export const FIRST_SEGMENT_SECONDS = 2;
/** The audio-only rendition's id: a height of 0 (no picture), stored and served like the others (decision 190). */
export const AUDIO_RENDITION = 0;
/** Video and audio bitrates per height (kbit/s); the audio of the lowest renditions is smaller too. */
const BITRATES: Record<number, { video: number; audio: number }> = {
  240: { video: 300, audio: 64 },
  360: { video: 800, audio: 96 },
  720: { video: 2500, audio: 128 },
};
const AUDIO_ONLY_KBPS = 64;
/**
 * x264 speed per height (decision 191): "superfast" for 360p and 720p, nearly all the work, and "veryfast" for
 * 240p, which costs little and is what weak lines see. The whole ladder then runs at about 2× real time on 2 free
 * cores even for a grainy 720p source (bench/results/video-renditions.md). Threads are left to x264: fixing them
 * saved nothing measurable.
 */
const X264_PRESETS: Record<number, string> = { 240: 'veryfast', 360: 'superfast', 720: 'superfast' };

/** The renditions for a source: those not above it, or one at the source's own (even) height when it is smaller. */
export function renditionsFor(probe: TProbe): number[] {
  const fitting = LADDER.filter((h) => h <= probe.height);
  return fitting.length > 0 ? fitting : [Math.max(2, probe.height - (probe.height % 2))];
}

/** Every rendition made for a source, ascending: the audio-only one (when it has sound) first, then the heights. */
export const allRenditionsFor = (probe: TProbe): number[] => [...(probe.hasAudio ? [AUDIO_RENDITION] : []), ...renditionsFor(probe)];

function hlsArgs(dir: string, rendition: number): string[] {
  return [
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_init_time',
    String(FIRST_SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_filename',
    path.join(dir, String(rendition), 'seg-%04d.ts'),
    path.join(dir, String(rendition), 'index.m3u8'),
  ];
}

function audioOnlyArgs(dir: string): string[] {
  return ['-map', '0:a:0', '-vn', '-c:a', 'aac', '-b:a', `${AUDIO_ONLY_KBPS}k`, '-ac', '2', ...hlsArgs(dir, AUDIO_RENDITION)];
}

/** Encoder settings of every output; `preset` and `threads` are the bench's knobs (production uses the defaults above). */
export type TEncoderTuning = { preset?: string; threads?: number };

function outputArgs(probe: TProbe, height: number, dir: string, tuning: TEncoderTuning): string[] {
  if (height === AUDIO_RENDITION) return audioOnlyArgs(dir);
  // A keyframe every segment, and none at scene cuts, so every segment starts on a keyframe; one more is forced
  // at FIRST_SEGMENT_SECONDS for the short first segment (a forced keyframe restarts x264's GOP count).
  const gop = String(Math.max(1, Math.round(probe.fps * SEGMENT_SECONDS)));
  const rate = BITRATES[height] ?? { video: 1200, audio: 128 };
  return [
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-vf',
    `scale=-2:${height}`,
    '-c:v',
    'libx264',
    '-preset',
    tuning.preset ?? X264_PRESETS[height] ?? 'veryfast',
    ...(tuning.threads ? ['-threads', String(tuning.threads)] : []),
    '-profile:v',
    'main',
    '-pix_fmt',
    'yuv420p',
    '-b:v',
    `${rate.video}k`,
    '-maxrate',
    `${rate.video}k`,
    // Two seconds of buffer at most: a bitrate ladder for weak lines must not hide long peaks (the player picks by BANDWIDTH).
    '-bufsize',
    `${rate.video * 2}k`,
    '-g',
    gop,
    '-keyint_min',
    gop,
    '-sc_threshold',
    '0',
    '-force_key_frames',
    `expr:lt(n_forced,1)+gte(t,${FIRST_SEGMENT_SECONDS})*lt(n_forced,2)`,
    '-c:a',
    'aac',
    '-b:a',
    `${rate.audio}k`,
    '-ac',
    '2',
    ...hlsArgs(dir, height),
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

/** One decode, one clear HLS rendition per height (0: audio only) in `dir/{height}/` (encrypted afterwards, encrypt-hls.ts). */
export function transcodeToHls(
  ffmpeg: string,
  source: string,
  dir: string,
  probe: TProbe,
  heights: number[],
  onPercent: (p: number) => void,
  signal?: AbortSignal,
  tuning: TEncoderTuning = {},
) {
  const outputs = heights.flatMap((h) => outputArgs(probe, h, dir, tuning));
  const args = ['-hide_banner', '-nostdin', '-y', '-nostats', '-progress', 'pipe:1', '-i', source, ...outputs];
  return runNice(ffmpeg, args, signal, progressParser(probe.durationSec, onPercent));
}

/** A still from about a tenth of the way in. */
export function thumbnail(ffmpeg: string, source: string, target: string, probe: TProbe, signal?: AbortSignal) {
  const at = (probe.durationSec * 0.1).toFixed(2);
  return runNice(
    ffmpeg,
    ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-ss', at, '-i', source, '-frames:v', '1', '-vf', 'scale=-2:360', '-q:v', '4', target],
    signal,
  );
}
