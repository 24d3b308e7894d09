import { describe, expect, it } from 'vitest';
import { audioVariant, capLevel, effectiveSaver, megabytesPerHour, parseMaster, variantMegabytesPerHour, variantUrl } from './rendition-cost';

const MASTER = `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-STREAM-INF:BANDWIDTH=520000,AVERAGE-BANDWIDTH=410000,RESOLUTION=426x240,CODECS="avc1.4d401f,mp4a.40.2"
240/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=1150000,AVERAGE-BANDWIDTH=960000,RESOLUTION=640x360,CODECS="avc1.4d401f,mp4a.40.2"
360/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=3100000,AVERAGE-BANDWIDTH=2740000,RESOLUTION=1280x720,CODECS="avc1.4d401f,mp4a.40.2"
720/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=76000,AVERAGE-BANDWIDTH=72000,CODECS="mp4a.40.2"
0/index.m3u8
`;

/** A master playlist written before issue 30: 360p and 720p only, no AVERAGE-BANDWIDTH. */
const OLD_MASTER = `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-STREAM-INF:BANDWIDTH=950000,RESOLUTION=640x360,CODECS="avc1.4d401f,mp4a.40.2"
360/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=2700000,RESOLUTION=1280x720,CODECS="avc1.4d401f,mp4a.40.2"
720/index.m3u8
`;

describe('megabytes an hour', () => {
  it('are bits per second × 3600 / 8 in millions of bytes, rounded up', () => {
    expect(megabytesPerHour(64_000)).toBe(29);
    expect(megabytesPerHour(72_000)).toBe(33);
    expect(megabytesPerHour(1_000_000)).toBe(450);
    expect(megabytesPerHour(2_740_000)).toBe(1233);
    expect(megabytesPerHour(0)).toBe(0);
  });

  it('of each variant come from AVERAGE-BANDWIDTH, or BANDWIDTH when a playlist has no average', () => {
    expect(parseMaster(MASTER).map(variantMegabytesPerHour)).toEqual([33, 185, 432, 1233]);
    expect(parseMaster(OLD_MASTER).map(variantMegabytesPerHour)).toEqual([428, 1215]);
  });
});

describe('the master playlist', () => {
  it('gives every variant, sound only first (height 0), then by height', () => {
    expect(parseMaster(MASTER).map((v) => [v.height, v.bandwidth, v.uri])).toEqual([
      [0, 76_000, '0/index.m3u8'],
      [240, 520_000, '240/index.m3u8'],
      [360, 1_150_000, '360/index.m3u8'],
      [720, 3_100_000, '720/index.m3u8'],
    ]);
    expect(parseMaster('')).toEqual([]);
    expect(parseMaster('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=oops\nx.m3u8\n')).toEqual([]);
  });

  it('points at the audio-only playlist beside the master, when there is one', () => {
    const master = '/api/video/play/tok.en.sig/master.m3u8';
    expect(variantUrl(master, audioVariant(parseMaster(MASTER))!)).toBe('/api/video/play/tok.en.sig/0/index.m3u8');
    expect(audioVariant(parseMaster(OLD_MASTER))).toBeNull();
  });
});

describe('the data saver', () => {
  it('caps hls.js to its lowest picture, whatever the order of its levels', () => {
    expect(capLevel([240, 360, 720], 'off')).toBe(-1);
    expect(capLevel([240, 360, 720], 'low')).toBe(0);
    expect(capLevel([360, 720], 'low')).toBe(0);
    expect(capLevel([720, 240, 360], 'low')).toBe(1);
    expect(capLevel([], 'low')).toBe(-1);
  });

  it('plays sound only where the lesson has it, the lowest picture for older videos', () => {
    expect(effectiveSaver('audio', parseMaster(MASTER))).toBe('audio');
    expect(effectiveSaver('audio', parseMaster(OLD_MASTER))).toBe('low');
    expect(effectiveSaver('audio', null)).toBe('audio');
    expect(effectiveSaver('low', parseMaster(OLD_MASTER))).toBe('low');
  });
});
