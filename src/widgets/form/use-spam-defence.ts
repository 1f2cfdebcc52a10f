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

  useEffect(() => {
    shownAt.current = Date.now();
    token.current = fetchFormToken(kind, id);
  }, [kind, id]);

  return useCallback(
    async (honeypot: string, renew = false): Promise<Record<string, string>> => {
      if (renew || !token.current) token.current = fetchFormToken(kind, id);
      await sleep(fillDelay(shownAt.current, Date.now()));
      return defenceFields(await token.current, honeypot, key.current);
    },
    [kind, id],
  );
}
