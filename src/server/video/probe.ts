import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type TProbe = { durationSec: number; width: number; height: number; fps: number; hasAudio: boolean };

type TStream = {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  disposition?: { attached_pic?: number };
};

function rate(value: string | undefined): number {
  const [num, den] = (value ?? '').split('/').map(Number);
  const fps = num && den ? num / den : Number(value);
  return Number.isFinite(fps) && fps > 0 && fps <= 120 ? fps : 25;
}

/**
 * What ffprobe finds in a file, or null when it is not a video we can process: no decodable video stream
 * (a PDF, sound only, a cover picture in an audio file, a damaged file), no size or no duration.
 */
export async function probeVideo({ ffprobe, ffmpeg }: { ffprobe: string; ffmpeg: string }, file: string): Promise<TProbe | null> {
  const args = ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file];
  const output = await run(ffprobe, args, { maxBuffer: 8 * 1024 * 1024, timeout: 60_000 }).catch(() => null);
  if (!output) return null;
  let parsed: { streams?: TStream[]; format?: { duration?: string; format_name?: string } };
  try {
    parsed = JSON.parse(output.stdout) as typeof parsed;
  } catch {
    return null;
  }
  const streams = parsed.streams ?? [];
  // An embedded cover image (mp3 artwork) is a "video" stream of one picture: not a lesson video.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && s.codec_name !== 'mjpeg' && s.codec_name !== 'png');
  const durationSec = Number(parsed.format?.duration);
  if (!video?.width || !video.height || !Number.isFinite(durationSec) || durationSec <= 0) return null;
  // Headers can look right in a damaged or polyglot file: one frame must really decode.
  const decodes = await run(ffmpeg, ['-v', 'error', '-nostdin', '-i', file, '-map', '0:v:0', '-frames:v', '1', '-f', 'null', '-'], { timeout: 60_000 }).then(
    () => true,
    () => false,
  );
  if (!decodes) return null;
  return {
    durationSec,
    width: video.width,
    height: video.height,
    fps: rate(video.avg_frame_rate !== '0/0' ? video.avg_frame_rate : video.r_frame_rate),
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
  };
}
