import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { clearLocalAuthState } from '@web/lib/auth-state';
import { sessionQuery, type TSession } from '@web/lib/session';

const SessionContext = createContext<TSession | null>(null);

/** Set by each signed-in layout to the session its guard accepted (and kept fresh since). */
export const SessionProvider = SessionContext.Provider;

export function useSession(): TSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() is only available inside a signed-in layout');
  return session;
}

/**
 * The guard's session, kept fresh by the 30-minute refresh (spec §7.8). A refresh that finds the user
 * signed out (elsewhere, or by an admin) or no longer allowed here sends them to `loginPath`.
 */
export function useLiveSession(loginPath: string, allowed: (session: TSession) => boolean): TSession {
  const loaded = useLoaderData() as TSession;
  const navigate = useNavigate();
  const { data } = useQuery({ ...sessionQuery, staleTime: 60_000 });
  const lost = data === null || (data !== undefined && !allowed(data));
  useEffect(() => {
    if (!lost) return;
    clearLocalAuthState();
    void navigate(loginPath, { replace: true });
  }, [lost, loginPath, navigate]);
  return data ?? loaded;
}
