/**
 * Sending a widget's submission and never losing it: one idempotency key per submission
 * (kept across retries), the form token fetched when the page did not embed one, a wait
 * so a quick visitor is not taken for a bot, and — when the network fails — the
 * submission kept in the outbox and resent when the connection returns, while the visitor
 * sees "pending". A form token that expired while waiting is renewed and the send retried.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { FORM_TOKEN_FIELD } from '../../lib/spam-defence';
import { forgetSubmission, keepSubmission, waitingSubmissions } from './outbox';
import type { CallRefusal } from '../../client/api';
import { defenceFields, fetchFormToken, fillDelay, newIdempotencyKey, type Submission, sendSubmission } from './submit';

export type SubmitState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'pending' } | { kind: 'done'; body: Record<string, unknown> };

export interface SubmissionOptions {
  /** What is submitted, which names the call it goes to. */
  kind: 'form' | 'survey';
  id: string;
  /** A token the page embedded; '' makes the widget fetch one when it mounts. */
  token: string;
  onAccepted: (body: Record<string, unknown>) => void;
  onRejected: (outcome: CallRefusal) => void;
}

/** First automatic resend of a waiting submission; each next one waits twice as long, up to a minute. */
const RETRY_MS = 3_000;
const MAX_RETRY_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resends what earlier visits left in the outbox (another form, a closed tab). */
async function flushOutbox(): Promise<void> {
  for (const { key, submission } of await waitingSubmissions()) {
    const outcome = await sendSubmission(submission);
    if (outcome.kind !== 'offline') await forgetSubmission(key);
  }
}

export function useSubmission(options: SubmissionOptions) {
  const { kind, id, onAccepted, onRejected } = options;
  const [state, setState] = useState<SubmitState>({ kind: 'idle' });
  const shownAt = useRef(Date.now());
  const token = useRef<Promise<string>>(Promise.resolve(options.token));
  const key = useRef<string | null>(null);
  const waiting = useRef<Submission | null>(null);
  const attempts = useRef(0);

  useEffect(() => {
    shownAt.current = Date.now();
    if (!options.token) token.current = fetchFormToken(kind, id);
    void flushOutbox();
  }, [kind, id, options.token]);

  const deliver = useCallback(
    async (submission: Submission, idempotencyKey: string, renewed = false): Promise<void> => {
      const outcome = await sendSubmission(submission);
      if (outcome.kind === 'offline') {
        waiting.current = submission;
        await keepSubmission(idempotencyKey, submission, Date.now());
        setState({ kind: 'pending' });
        return;
      }
      waiting.current = null;
      attempts.current = 0;
      await forgetSubmission(idempotencyKey);
      if (outcome.kind === 'refused' && !renewed && outcome.reason?.startsWith('token_')) {
        token.current = fetchFormToken(kind, id);
        const formData = { ...submission.formData, [FORM_TOKEN_FIELD]: await token.current };
        return deliver({ ...submission, formData }, idempotencyKey, true);
      }
      if (outcome.kind === 'refused') {
        setState({ kind: 'idle' });
        onRejected(outcome);
        return;
      }
      key.current = null;
      setState({ kind: 'done', body: outcome.body });
      onAccepted(outcome.body);
    },
    [kind, id, onAccepted, onRejected],
  );

  // While a submission waits: resend when the browser says it is online again, and also
  // on a growing timer (a network can fail while the browser still reports online).
  useEffect(() => {
    if (state.kind !== 'pending') return;
    const resend = () => {
      if (!waiting.current || !key.current) return;
      attempts.current += 1;
      setState({ kind: 'sending' });
      void deliver(waiting.current, key.current);
    };
    const timer = setTimeout(resend, Math.min(RETRY_MS * 2 ** attempts.current, MAX_RETRY_MS));
    window.addEventListener('online', resend);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', resend);
    };
  }, [state.kind, deliver]);

  /** Sends answers and files; honeypot is the value of the hidden trap field. */
  const submit = useCallback(
    async (formData: Record<string, unknown>, files: Submission['files'], honeypot: string) => {
      setState({ kind: 'sending' });
      key.current ??= newIdempotencyKey();
      await sleep(fillDelay(shownAt.current, Date.now()));
      const submission: Submission = { call: kind, formData: { ...formData, ...defenceFields(await token.current, honeypot, key.current) }, files };
      await deliver(submission, key.current);
    },
    [kind, deliver],
  );

  return { state, submit };
}
