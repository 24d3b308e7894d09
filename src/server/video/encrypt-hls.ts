import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { encryptSegment } from './crypto';
import type { TVideoStorage } from './storage';

/** A new random key every this many segments, per rendition (issue 12: keys rotated every N segments). */
export const SEGMENTS_PER_KEY = 3;

export type TSegmentKey = { rendition: number; n: number; key: Buffer };

/** Bits per second a rendition needs, measured on its stored segments: the highest segment and the whole. */
export type TRate = { rendition: number; peak: number; average: number };

/**
 * Encrypts one clear rendition written by ffmpeg into storage and writes its playlist with our own
 * EXT-X-KEY lines: every segment has a random IV, and its key URI is relative to the playlist
 * (`../key/{height}/{n}`), so the token in the playlist's path carries over to keys and segments.
 */
export async function encryptRendition(
  storage: TVideoStorage,
  prefix: string,
  dir: string,
  height: number,
): Promise<{ keys: TSegmentKey[]; bytes: number; rate: TRate }> {
  const source = await fs.readFile(path.join(dir, String(height), 'index.m3u8'), 'utf8');
  const keys: TSegmentKey[] = [];
  const out: string[] = [];
  let index = 0;
  let bytes = 0;
  let iv = randomBytes(16);
  const rate = { rendition: height, peak: 0, average: 0 };
  let duration = 0;
  let lastDuration = 0;
  for (const line of source.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#EXT-X-KEY')) continue;
    const n = Math.floor(index / SEGMENTS_PER_KEY);
    if (trimmed.startsWith('#EXTINF')) {
      // The segment's key line goes before its duration, with a fresh IV for each segment.
      iv = randomBytes(16);
      lastDuration = Number(trimmed.slice('#EXTINF:'.length).split(',')[0]) || SEGMENT_SECONDS_GUESS;
      duration += lastDuration;
      out.push(`#EXT-X-KEY:METHOD=AES-128,URI="../key/${height}/${n}",IV=0x${iv.toString('hex')}`);
    }
    if (trimmed.startsWith('#')) {
      out.push(trimmed);
      continue;
    }
    keys[n] ??= { rendition: height, n, key: randomBytes(16) };
    const name = `seg-${String(index).padStart(4, '0')}.ts`;
    const clearFile = path.join(dir, String(height), path.basename(trimmed));
    const sealed = encryptSegment(keys[n].key, iv, await fs.readFile(clearFile));
    await storage.put(`${prefix}/${height}/${name}`, sealed);
    // The clear segment goes as soon as its encrypted copy is stored.
    await fs.rm(clearFile, { force: true });
    bytes += sealed.length;
    rate.peak = Math.max(rate.peak, Math.ceil((sealed.length * 8) / Math.max(lastDuration, 1)));
    rate.average += sealed.length * 8;
    out.push(name);
    index += 1;
  }
  // #EXT-X-ENDLIST is a tag, kept in place above; ffmpeg's VOD playlist has it last.
  const playlist = Buffer.from(`${out.join('\n')}\n`);
  await storage.put(`${prefix}/${height}/index.m3u8`, playlist);
  rate.average = Math.ceil(rate.average / Math.max(duration, 1));
  return { keys, bytes: bytes + playlist.length, rate };
}

const SEGMENT_SECONDS_GUESS = 5;

/** H.264 Main profile level 3.1 (every height up to 720p) with AAC-LC, or AAC-LC alone for the audio-only rendition. */
const CODECS = { video: 'avc1.4d401f', audio: 'mp4a.40.2' };

/**
 * The master playlist: one variant per rendition with relative URIs, the lowest picture first (Safari's own
 * player starts with the first) and the audio-only variant last, without RESOLUTION (RFC 8216 §4.3.4.2).
 * BANDWIDTH is the peak segment rate and AVERAGE-BANDWIDTH the mean, both measured on the stored segments.
 */
export function masterPlaylist(rates: TRate[], aspect: number, hasAudio: boolean): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  const ordered = [...rates.filter((r) => r.rendition > 0).sort((a, b) => a.rendition - b.rendition), ...rates.filter((r) => r.rendition === 0)];
  for (const r of ordered) {
    const rates = `BANDWIDTH=${r.peak},AVERAGE-BANDWIDTH=${r.average}`;
    if (r.rendition === 0) {
      lines.push(`#EXT-X-STREAM-INF:${rates},CODECS="${CODECS.audio}"`, `0/index.m3u8`);
      continue;
    }
    const w = Math.round((r.rendition * aspect) / 2) * 2;
    const codecs = hasAudio ? `${CODECS.video},${CODECS.audio}` : CODECS.video;
    lines.push(`#EXT-X-STREAM-INF:${rates},RESOLUTION=${w}x${r.rendition},CODECS="${codecs}"`, `${r.rendition}/index.m3u8`);
  }
  return `${lines.join('\n')}\n`;
}
