import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type TJitsiApi = {
  addListener: (event: string, listener: (payload: unknown) => void) => void;
  executeCommand: (command: string, ...args: unknown[]) => void;
  dispose: () => void;
};
type TJitsiConstructor = new (domain: string, options: Record<string, unknown>) => TJitsiApi;

declare global {
  interface Window {
    JitsiMeetExternalAPI?: TJitsiConstructor;
  }
}

const loaded = new Map<string, Promise<TJitsiConstructor>>();

/** The IFrame API script comes from the meeting service itself (allowed by the join page's CSP). */
function loadExternalApi(src: string): Promise<TJitsiConstructor> {
  let promise = loaded.get(src);
  if (!promise) {
    promise = new Promise<TJitsiConstructor>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => (window.JitsiMeetExternalAPI ? resolve(window.JitsiMeetExternalAPI) : reject(new Error('no JitsiMeetExternalAPI')));
      script.onerror = () => reject(new Error('external_api.js failed'));
      document.head.appendChild(script);
    });
    promise.catch(() => loaded.delete(src));
    loaded.set(src, promise);
  }
  return promise;
}

export type TJitsiJoin = { domain: string; roomName: string; jwt: string; scriptUrl: string; lobby: boolean };

type TProps = {
  join: TJitsiJoin;
  /** The newest token the lease's heartbeat handed out (a student's join token lives minutes: decision 114). */
  freshJwt?: () => string | null;
  moderator: boolean;
  /** With this device's occupant id in the room (the IFrame's `videoConferenceJoined` payload). */
  onJoined: (participantId: string | null) => void;
  onLeft: () => void;
  onError: () => void;
};

/**
 * Jitsi Meet embedded with its IFrame API (new JitsiMeetExternalAPI(domain, { roomName, jwt, parentNode })).
 * The moderator turns the lobby on when the teacher asked for it; leaving the call is reported so that the
 * attendance ends there. Unmounting (this device was replaced, the session ended) disposes the frame, which
 * hangs up.
 */
export function JitsiRoom({ join, moderator, freshJwt, onJoined, onLeft, onError }: TProps) {
  const { i18n } = useTranslation();
  const parent = useRef<HTMLDivElement>(null);
  const apiRef = useRef<TJitsiApi | null>(null);
  const handlers = useRef({ onJoined, onLeft, onError, freshJwt });
  useEffect(() => {
    handlers.current = { onJoined, onLeft, onError, freshJwt };
  });
  // The token this frame connects with: the join's, then, after a fatal error (a reconnection refused because
  // the first token expired), the newest one the heartbeat brought.
  const [retry, setRetry] = useState<{ join: string; jwt: string } | null>(null);
  const token = retry?.join === join.jwt ? retry.jwt : join.jwt;

  useEffect(() => {
    let disposed = false;
    loadExternalApi(join.scriptUrl)
      .then((JitsiMeetExternalAPI) => {
        if (disposed || !parent.current) return;
        const api = new JitsiMeetExternalAPI(join.domain, {
          roomName: join.roomName,
          jwt: token,
          parentNode: parent.current,
          width: '100%',
          height: '100%',
          lang: i18n.resolvedLanguage,
          // The name comes from the token (the account's, marked as a student's); it is not to be changed here.
          configOverwrite: { prejoinConfig: { enabled: true }, disableDeepLinking: true, readOnlyName: true },
        });
        apiRef.current = api;
        api.addListener('videoConferenceJoined', (payload) => {
          if (moderator && join.lobby) api.executeCommand('toggleLobby', true);
          const id = (payload as { id?: unknown } | null)?.id;
          handlers.current.onJoined(typeof id === 'string' ? id : null);
        });
        api.addListener('videoConferenceLeft', () => handlers.current.onLeft());
        api.addListener('readyToClose', () => handlers.current.onLeft());
        api.addListener('errorOccurred', (payload) => {
          const fresh = handlers.current.freshJwt?.();
          if ((payload as { isFatal?: boolean } | null)?.isFatal && fresh && fresh !== token) setRetry({ join: join.jwt, jwt: fresh });
        });
      })
      .catch(() => handlers.current.onError());
    return () => {
      disposed = true;
      apiRef.current?.dispose();
      apiRef.current = null;
    };
    // One meeting per token: a new token (a new join, or a reconnection) builds a new frame.
  }, [token]); // eslint-disable-line react-hooks/exhaustive-deps

  return <div ref={parent} className="h-[70vh] min-h-[420px] w-full overflow-hidden rounded-2xl bg-gray-900" data-testid="jitsi-frame" />;
}
