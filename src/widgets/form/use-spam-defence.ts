/**
 * The spam-defence fields of a widget step that submits by itself (the booking's contact
 * step; forms and surveys go through ./use-submission.ts): a form token fetched when the
 * step mounts, one idempotency key for the step, the honeypot's value, and a wait so a
 * quick visitor is not taken for a bot.
 */
import { useCallback, useEffect, useRef } from 'react';
import type { DefendedKind } from '../../lib/spam-defence';
import { defenceFields, fetchFormToken, fillDelay, newIdempotencyKey } from './submit';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Answers `fieldsFor(honeypot, renew)`: the fields to send, after the minimum fill time; `renew` fetches a fresh token first. */
export function useSpamDefence(kind: DefendedKind, id: string) {
  const shownAt = useRef(Date.now());
  const token = useRef<Promise<string> | null>(null);
  const key = useRef(newIdempotencyKey());

  // The server counts the fill time from the token's issue: a token that arrived late (a
  // slow network or server) moves the start of the wait to its arrival.
  const fetchToken = useCallback(
    () =>
      fetchFormToken(kind, id).then((fetched) => {
        shownAt.current = Math.max(shownAt.current, Date.now());
        return fetched;
      }),
    [kind, id],
  );

  useEffect(() => {
    shownAt.current = Date.now();
    token.current = fetchToken();
  }, [fetchToken]);

  return useCallback(
    async (honeypot: string, renew = false): Promise<Record<string, string>> => {
      if (renew || !token.current) token.current = fetchToken();
      const fetched = await token.current;
      await sleep(fillDelay(shownAt.current, Date.now()));
      return defenceFields(fetched, honeypot, key.current);
    },
    [fetchToken],
  );
}
