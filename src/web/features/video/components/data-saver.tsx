import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type Hls from 'hls.js';
import type { HlsConfig } from 'hls.js';
import { formatNumber } from '@shared/format';
import { VIDEO_DATA_SAVER_MODES } from '@shared/schemas/video';
import { toLanguage } from '@shared/i18n';
import { readStorage, writeStorage } from '@web/lib/storage';
import { audioVariant, capLevel, effectiveSaver, parseMaster, variantMegabytesPerHour, variantUrl, type TDataSaver, type TVariantCost } from './rendition-cost';

/** Kept per device (decision 190): the phone on mobile data saves, the computer on the home line need not. */
const SAVER_KEY = 'darsi.video.dataSaver';

/**
 * hls.js's bit-rate choices for weak lines: start on the lowest rendition (240p's short first segment), assume a
 * slow line until measured, and climb only with a margin, so a rendition the line cannot sustain is never chosen.
 */
export const LOW_START_HLS: Partial<HlsConfig> = {
  startLevel: 0,
  abrEwmaDefaultEstimate: 300_000,
  abrBandWidthFactor: 0.8,
  abrBandWidthUpFactor: 0.6,
  capLevelToPlayerSize: true,
};

const isMode = (value: string | null): value is TDataSaver => VIDEO_DATA_SAVER_MODES.some((m) => m === value);

/** Applies the data saver to a running hls.js: a cap on its levels, or back to choosing by size and bandwidth. */
export function applySaverCap(player: Hls | null, mode: TDataSaver) {
  if (!player || player.levels.length === 0) return;
  const cap = capLevel(
    player.levels.map((l) => l.height),
    mode,
  );
  // hls.js's player-size capping rewrites autoLevelCapping every second: it is off while the saver caps.
  player.capLevelToPlayerSize = cap === -1;
  player.autoLevelCapping = cap;
  if (cap !== -1 && player.currentLevel > cap) player.nextLevel = cap;
  if (cap === -1 && !player.autoLevelEnabled) player.loadLevel = -1;
}

/** Fetches a lesson's master playlist (tiny, same origin) to know its qualities and what an hour of each costs. */
function useVariants(masterUrl: string | null) {
  const [read, setRead] = useState<{ url: string; variants: TVariantCost[] } | null>(null);
  useEffect(() => {
    if (!masterUrl) return;
    let live = true;
    fetch(masterUrl, { credentials: 'same-origin' })
      .then((r) => (r.ok ? r.text() : ''))
      .then((text) => live && setRead({ url: masterUrl, variants: parseMaster(text) }))
      .catch(() => live && setRead({ url: masterUrl, variants: [] }));
    return () => {
      live = false;
    };
  }, [masterUrl]);
  // Null until this playlist is read (a new session's playlist is another URL).
  return read && read.url === masterUrl ? read.variants : null;
}

type TPlace = { at: number; playing: boolean };

/**
 * A change of source (sound only ⇄ picture) goes on from the same moment, playing if it was. The place is taken
 * when the student chooses, before the old player is torn down (which sets the <video> back to 0).
 */
function useKeepPosition(video: RefObject<HTMLVideoElement | null>, source: string | null) {
  const place = useRef<TPlace | null>(null);
  useEffect(() => {
    const media = video.current;
    const kept = place.current;
    place.current = null;
    if (!media || !source || !kept) return;
    const onReady = () => {
      media.currentTime = kept.at;
      if (kept.playing) media.play().catch(() => undefined);
    };
    media.addEventListener('loadedmetadata', onReady, { once: true });
    return () => media.removeEventListener('loadedmetadata', onReady);
  }, [video, source]);
  return () => {
    const media = video.current;
    place.current = media && media.currentTime > 0 ? { at: media.currentTime, playing: !media.paused } : null;
  };
}

/**
 * The data saver of one player: the mode chosen on this device (or the teacher's default until one is chosen),
 * the lesson's qualities with their cost, and the source to play. Sound only plays the audio-only playlist itself:
 * hls.js leaves audio-only variants out of a master playlist that has pictures.
 */
export function useDataSaver(video: RefObject<HTMLVideoElement | null>, masterUrl: string | null, teacherDefault: TDataSaver = 'off') {
  const [chosen, setChosen] = useState<TDataSaver | null>(() => {
    const saved = readStorage(SAVER_KEY);
    return isMode(saved) ? saved : null;
  });
  const variants = useVariants(masterUrl);
  const wanted = chosen ?? teacherDefault;
  const mode = effectiveSaver(wanted, variants);
  const audio = variants ? audioVariant(variants) : null;
  // Sound only waits for the master playlist to be read (one small request) before anything plays.
  const source = !masterUrl ? null : wanted !== 'audio' ? masterUrl : variants === null ? null : audio ? variantUrl(masterUrl, audio) : masterUrl;
  const keepPlace = useKeepPosition(video, source);
  const choose = (next: TDataSaver) => {
    // Only sound only ⇄ picture changes what is played; a cap on the picture does not.
    if ((next === 'audio') !== (wanted === 'audio')) keepPlace();
    setChosen(next);
    writeStorage(SAVER_KEY, next);
  };
  return { mode, variants, source, choose };
}

type TSaverState = ReturnType<typeof useDataSaver>;

/** The saver's choices with the cost of an hour of each, and every quality's cost below them. */
function SaverChoices({ saver }: { saver: TSaverState }) {
  const { t, i18n } = useTranslation('video');
  const lng = toLanguage(i18n.resolvedLanguage);
  const { mode, variants, choose } = saver;
  const cost = (v: TVariantCost) => t('dataSaver.perHour', { count: variantMegabytesPerHour(v), mb: formatNumber(lng, variantMegabytesPerHour(v)) });
  const lowest = variants?.find((v) => v.height > 0);
  const audio = variants ? audioVariant(variants) : null;
  const option = 'flex items-center gap-2 rounded-lg border border-white/25 px-3 py-1.5 has-[:checked]:border-primary-300 has-[:checked]:bg-white/10';
  return (
    <>
      <label className="flex items-center justify-between gap-3 font-bold">
        <span>{t('dataSaver.title')}</span>
        <input
          type="checkbox"
          role="switch"
          className="h-5 w-5 accent-primary-500"
          checked={mode !== 'off'}
          onChange={(e) => choose(e.target.checked ? 'low' : 'off')}
          data-testid="data-saver-switch"
        />
      </label>
      <p className="text-xs text-white/80">{t('dataSaver.hint')}</p>
      {mode !== 'off' ? (
        <fieldset className="grid gap-1.5 sm:grid-cols-2">
          <legend className="sr-only">{t('dataSaver.choose')}</legend>
          <label className={option}>
            <input type="radio" name="data-saver" checked={mode === 'low'} onChange={() => choose('low')} data-testid="data-saver-low" />
            <span>
              {t('dataSaver.low', { height: lowest?.height ?? 240 })}
              {lowest ? <span className="block text-xs text-white/80">{cost(lowest)}</span> : null}
            </span>
          </label>
          {audio ? (
            <label className={option}>
              <input type="radio" name="data-saver" checked={mode === 'audio'} onChange={() => choose('audio')} data-testid="data-saver-audio" />
              <span>
                {t('dataSaver.audio')}
                <span className="block text-xs text-white/80">{cost(audio)}</span>
              </span>
            </label>
          ) : null}
        </fieldset>
      ) : null}
      {variants && variants.length > 0 ? (
        <div className="text-xs">
          <p className="font-medium">{t('dataSaver.costTitle')}</p>
          <ul className="mt-1 grid gap-0.5" data-testid="data-saver-costs">
            {variants.map((v) => (
              <li key={v.uri} className="flex justify-between gap-3">
                <span>{v.height > 0 ? t('dataSaver.quality', { height: v.height }) : t('dataSaver.audio')}</span>
                <span>{cost(v)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

/**
 * The data saver inside the player: a small button in the top corner (it says when the saver is on, and "sound
 * only" over the picture's place), opening the choices over the picture. It can be set before pressing play.
 */
export function DataSaverPanel({ saver, visible }: { saver: TSaverState; visible: boolean }) {
  const { t } = useTranslation('video');
  const [open, setOpen] = useState(false);
  const { mode } = saver;
  const label = mode === 'off' ? t('dataSaver.title') : mode === 'audio' ? t('dataSaver.onAudio') : t('dataSaver.onLow');
  return (
    <div className="pointer-events-none absolute inset-0 z-40" data-testid="data-saver" data-mode={mode}>
      <button
        type="button"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        className={`pointer-events-auto absolute start-2 top-2 rounded-full bg-black/70 px-3 py-1 text-xs font-medium text-white transition-opacity focus-visible:outline-2 focus-visible:outline-white ${visible || open || mode !== 'off' ? 'opacity-100' : 'opacity-0'}`}
        data-testid="data-saver-toggle"
      >
        {label}
      </button>
      {open ? (
        <div
          role="dialog"
          aria-label={t('dataSaver.title')}
          className="pointer-events-auto absolute inset-x-2 bottom-2 top-10 grid content-start gap-2 overflow-y-auto rounded-lg bg-black/90 p-3 text-sm text-white"
        >
          <SaverChoices saver={saver} />
          <button type="button" onClick={() => setOpen(false)} className="justify-self-end rounded px-2 py-1 text-xs underline" data-testid="data-saver-close">
            {t('dataSaver.close')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
