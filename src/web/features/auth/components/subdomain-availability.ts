import { useCallback, useEffect, useState } from 'react';
import { subdomainIssue, type TSubdomainIssue } from '@shared/subdomain';

/** How long the message about a dropped keystroke stays, unless the next keystroke is a clean one. */
const STRIPPED_NOTICE_MS = 4_000;
import { subdomainAvailability } from '@web/features/auth/api';

const CHECK_DELAY_MS = 400;

type TSubdomainIssueOrTaken = TSubdomainIssue | 'taken';

/** Spec §4 subdomain validity (unknown, valid, invalid), plus the moments in between. */
export type TSubdomainStatus =
  | { state: 'unknown' }
  | { state: 'checking' }
  | { state: 'valid' }
  | { state: 'invalid'; issue: TSubdomainIssueOrTaken }
  /** The check itself failed (network): the server decides on submit. */
  | { state: 'unchecked' };

type TAnswer = { value: string; issue: TSubdomainIssueOrTaken | null } | { value: string; failed: true };

/**
 * The format rules are checked at once, in the browser; whether the name is free is asked of the
 * server ~400 ms after the teacher stops typing. Answers for an older value are ignored.
 */
export function useSubdomainAvailability(value: string) {
  const [answer, setAnswer] = useState<TAnswer | null>(null);
  const localIssue = value ? subdomainIssue(value) : null;

  useEffect(() => {
    if (!value || localIssue) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      subdomainAvailability(value, controller.signal)
        .then((r) => setAnswer({ value, issue: r.available ? null : r.issue }))
        .catch(() => {
          if (!controller.signal.aborted) setAnswer({ value, failed: true });
        });
    }, CHECK_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [value, localIssue]);

  /** The server refused the name on submit: show it as taken without asking again. */
  const markTaken = useCallback((taken: string) => setAnswer({ value: taken, issue: 'taken' }), []);

  let status: TSubdomainStatus;
  if (!value) status = { state: 'unknown' };
  else if (localIssue) status = { state: 'invalid', issue: localIssue };
  else if (answer?.value !== value) status = { state: 'checking' };
  else if ('failed' in answer) status = { state: 'unchecked' };
  else status = answer.issue ? { state: 'invalid', issue: answer.issue } : { state: 'valid' };
  return { status, markTaken };
}

type TStripped = { issue: 'chars' | 'tooLong'; value: string; typed: string };

/**
 * Typing strips what a subdomain cannot hold (spec §5), so the kept value may be valid although the key
 * did nothing. This remembers which rule the last keystroke broke, for a few seconds or until a clean
 * keystroke, and only while the field still holds the value it was reported with.
 */
export function useStrippedNotice(value: string) {
  const [notice, setNotice] = useState<TStripped | null>(null);

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), STRIPPED_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const report = useCallback((issue: TStripped['issue'] | null, kept: string, typed: string) => setNotice(issue ? { issue, value: kept, typed } : null), []);
  const current = notice && notice.value === value ? notice : null;
  return { issue: current?.issue ?? null, typed: current?.typed ?? null, report };
}
