/**
 * Pure arithmetic of the data saver (issue 30, decision 190): what each quality of a lesson costs, read from its
 * master playlist, and which hls.js level a cap allows. Unit-tested in rendition-cost.test.ts.
 */

import type { TVideoDataSaver } from '@shared/schemas/video';

/** off: the player chooses (up to the player's size); low: the lowest picture; audio: sound only. */
export type TDataSaver = TVideoDataSaver;

/** One variant of a master playlist: its height (0 for audio only) and its bit rates (bits per second). */
export type TVariantCost = { height: number; bandwidth: number; average: number; uri: string };

/** The variants of a master playlist, lowest first; the audio-only one (no RESOLUTION, audio CODECS only) has height 0. */
export function parseMaster(text: string): TVariantCost[] {
  const lines = text.split('\n').map((l) => l.trim());
  const variants: TVariantCost[] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const attr = (name: string) => new RegExp(`(?:^|[:,])${name}=("[^"]*"|[^,]*)`).exec(line)?.[1]?.replace(/"/g, '');
    const bandwidth = Number(attr('BANDWIDTH'));
    const uri = lines.slice(i + 1).find((l) => l !== '' && !l.startsWith('#'));
    if (!Number.isFinite(bandwidth) || bandwidth <= 0 || !uri) return;
    const height = Number(attr('RESOLUTION')?.split('x')[1] ?? 0) || 0;
    const average = Number(attr('AVERAGE-BANDWIDTH'));
    variants.push({ height, bandwidth, average: Number.isFinite(average) && average > 0 ? average : bandwidth, uri });
  });
  return variants.sort((a, b) => a.height - b.height || a.bandwidth - b.bandwidth);
}

/** Megabytes (10^6 bytes, as phone plans count them) that an hour at this many bits per second costs, rounded up. */
export function megabytesPerHour(bitsPerSecond: number): number {
  return Math.ceil((bitsPerSecond * 3600) / 8 / 1_000_000);
}

/** The cost of an hour of a variant: its average rate (what an hour really downloads), or its peak when that is all there is. */
export const variantMegabytesPerHour = (v: TVariantCost) => megabytesPerHour(v.average);

/** The audio-only variant of a lesson, when it has one (videos transcoded before it existed have none). */
export const audioVariant = (variants: readonly TVariantCost[]) => variants.find((v) => v.height === 0) ?? null;

/** What a remembered choice means for this lesson: audio only falls back to the lowest picture when there is no audio-only variant. */
export function effectiveSaver(mode: TDataSaver, variants: readonly TVariantCost[] | null): TDataSaver {
  if (mode !== 'audio' || !variants) return mode;
  return audioVariant(variants) ? 'audio' : 'low';
}

/**
 * The highest hls.js level the data saver allows, or -1 for no cap. `heights` are hls.js's levels in its own
 * order (ascending bit rate; hls.js leaves the audio-only variant out when pictures exist).
 */
export function capLevel(heights: readonly number[], mode: TDataSaver): number {
  if (mode === 'off' || heights.length === 0) return -1;
  const lowest = Math.min(...heights.filter((h) => h > 0));
  const index = heights.findIndex((h) => h === lowest);
  return index === -1 ? 0 : index;
}

/** The URL of a variant's playlist, relative to the master's (every URI inside stays relative too). */
export const variantUrl = (masterUrl: string, variant: TVariantCost) => masterUrl.replace(/[^/]*$/, variant.uri);
