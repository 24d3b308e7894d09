import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { encryptSegment } from './crypto';
import type { TVideoStorage } from './storage';

/** A new random key every this many segments, per rendition (issue 12: keys rotated every N segments). */
export const SEGMENTS_PER_KEY = 3;

export type TSegmentKey = { rendition: number; n: number; key: Buffer };

/**
 * Encrypts one clear rendition written by ffmpeg into storage and writes its playlist with our own
 * EXT-X-KEY lines: every segment has a random IV, and its key URI is relative to the playlist
 * (`../key/{height}/{n}`), so the token in the playlist's path carries over to keys and segments.
 */
export async function encryptRendition(storage: TVideoStorage, prefix: string, dir: string, height: number): Promise<{ keys: TSegmentKey[]; bytes: number }> {
  const source = await fs.readFile(path.join(dir, String(height), 'index.m3u8'), 'utf8');
  const keys: TSegmentKey[] = [];
  const out: string[] = [];
  let index = 0;
  let bytes = 0;
  let iv = randomBytes(16);
  for (const line of source.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#EXT-X-KEY')) continue;
    const n = Math.floor(index / SEGMENTS_PER_KEY);
    if (trimmed.startsWith('#EXTINF')) {
      // The segment's key line goes before its duration, with a fresh IV for each segment.
      iv = randomBytes(16);
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
    out.push(name);
    index += 1;
  }
  // #EXT-X-ENDLIST is a tag, kept in place above; ffmpeg's VOD playlist has it last.
  const playlist = Buffer.from(`${out.join('\n')}\n`);
  await storage.put(`${prefix}/${height}/index.m3u8`, playlist);
  return { keys, bytes: bytes + playlist.length };
}

/** The master playlist: one variant per height, with relative URIs. */
export function masterPlaylist(heights: number[], aspect: number, hasAudio: boolean): string {
  const bandwidth: Record<number, number> = { 360: 950_000, 720: 2_700_000 };
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const h of heights) {
    const w = Math.round((h * aspect) / 2) * 2;
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth[h] ?? 1_400_000},RESOLUTION=${w}x${h},CODECS="${hasAudio ? 'avc1.4d401f,mp4a.40.2' : 'avc1.4d401f'}"`, `${h}/index.m3u8`);
  }
  return `${lines.join('\n')}\n`;
}
