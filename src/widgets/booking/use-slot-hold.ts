/**
 * The hold of a paid calendar's slot while the visitor enters their details and card: taken
 * when the contact step opens, released when they go back. HOLD_WARNING_MS before it ends
 * the visitor is warned and may keep the time once more (POST …/extend); when it ends they
 * are sent back to choose a time again, since the slot is free for others from then on.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { callApi, refusalText } from '../../client/api';
import { bookingRoutes } from '../../schemas/calls/booking-routes';
import type { BookingMessages } from './messages';

/** How long before the hold ends the warning shows (the messages say "2 more minutes"). */
export const HOLD_WARNING_MS = 2 * 60_000;

/** A hold of this visitor's: its id, the token that releases or extends it, and when it ends. */
export interface Hold {
  id: string;
  token: string;
  expiresAt: number;
}

/** none: nothing to say; ending: the warning with its button; extended: kept once more (no second time). */
export type HoldNotice = 'none' | 'ending' | 'extended';

/** Gives a held slot back; nobody waits for the answer (the hold also expires). */
const releaseHold = (hold: Hold) => void callApi(bookingRoutes.releaseHold, { params: { holdId: hold.id }, json: { token: hold.token } });

export function useSlotHold(opts: {
  paid: boolean;
  calendarId: string;
  slot: string;
  /** A team calendar's member the slot is held with, when the visitor chose one. */
  userId?: string;
  messages: BookingMessages;
  onLost: (message: string) => void;
}) {
  const { paid, calendarId, slot, messages: m } = opts;
  const hold = useRef<Hold | null>(null);
  const [held, setHeld] = useState(!paid);
  const [expiresAt, setExpiresAt] = useState<number | null>(null);
  const [notice, setNotice] = useState<HoldNotice>('none');
  const [error, setError] = useState('');
  const onLost = useRef(opts.onLost);
  onLost.current = opts.onLost;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the hold belongs to this slot, taken once.
  useEffect(() => {
    if (!paid) return;
    let live = true;
    void callApi(bookingRoutes.hold, { json: { calendar_id: calendarId, selected_slot: slot, ...(opts.userId ? { user_id: opts.userId } : {}) } }).then(
      (answer) => {
        if (answer.kind !== 'ok') return void (live && onLost.current(refusalText(answer, m.unableToSchedule)));
        const taken = { id: answer.body.hold_id, token: answer.body.hold_token, expiresAt: answer.body.expires_at };
        if (!live) return releaseHold(taken);
        hold.current = taken;
        setExpiresAt(taken.expiresAt);
        setHeld(true);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (expiresAt === null) return;
    const warn = setTimeout(() => setNotice((n) => (n === 'extended' ? n : 'ending')), expiresAt - HOLD_WARNING_MS - Date.now());
    const end = setTimeout(() => {
      if (!hold.current) return;
      hold.current = null;
      onLost.current(m.holdEnded);
    }, expiresAt - Date.now());
    return () => {
      clearTimeout(warn);
      clearTimeout(end);
    };
  }, [expiresAt, m.holdEnded]);

  const extend = useCallback(async () => {
    const current = hold.current;
    if (!current) return;
    setError('');
    const answer = await callApi(bookingRoutes.extendHold, { params: { holdId: current.id }, json: { token: current.token } });
    if (answer.kind !== 'ok') return setError(refusalText(answer, m.unableToSchedule));
    hold.current = { ...current, expiresAt: answer.body.expires_at };
    setNotice('extended');
    setExpiresAt(answer.body.expires_at);
  }, [m.unableToSchedule]);

  /** Gives the slot back (the visitor went back to the calendar). */
  const release = useCallback(() => {
    if (hold.current) releaseHold(hold.current);
    hold.current = null;
  }, []);

  /** The hold was used by the booking: nothing to release or warn about any more. */
  const used = useCallback(() => {
    hold.current = null;
    setExpiresAt(null);
  }, []);

  return { hold, held, notice, error, extend, release, used };
}
