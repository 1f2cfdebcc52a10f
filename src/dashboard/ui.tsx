/**
 * The dashboard's small shared parts: loading state, notices, action and confirmation buttons,
 * selects and date ranges. Tables and their pager are in ./tables.tsx.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { AdminError } from './api';
import { useDashboard } from './context';

export type Loaded<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'error'; status: number; msg: string };

/** Runs `load` when its dependencies change; `reload` runs it again. */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): [Loaded<T>, () => void] {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the load depends on
  useEffect(() => {
    let live = true;
    setLoaded({ state: 'loading' });
    load().then(
      (data) => live && setLoaded({ state: 'ready', data }),
      (error: unknown) => live && setLoaded({ state: 'error', status: error instanceof AdminError ? error.status : 0, msg: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [...deps, round]);
  return [loaded, useCallback(() => setRound((r) => r + 1), [])];
}

export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Loading and error states of a load, or its content. */
export function LoadState<T>({ loaded, children }: { loaded: Loaded<T>; children: (data: T) => React.ReactNode }) {
  const { t } = useDashboard();
  if (loaded.state === 'loading') return <p role="status">{t('loading')}</p>;
  if (loaded.state === 'error')
    return (
      <p role="alert" className="error">
        {t('loadFailed', { msg: loaded.msg })}
      </p>
    );
  return <>{children(loaded.data)}</>;
}

/** A message the screen reader reads when it changes: a result (`status`) or a failure (`alert`). */
export function Notice({ notice }: { notice: NoticeText | null }) {
  return (
    <p role={notice?.kind === 'error' ? 'alert' : 'status'} className={notice?.kind === 'error' ? 'error notice' : 'notice'}>
      {notice?.text ?? ''}
    </p>
  );
}

export type NoticeText = { kind: 'ok' | 'error'; text: string };

/** A button whose work answers the text of the notice it leaves, or leaves its failure's. */
export function ActionButton({ label, run, onNotice }: { label: string; run: () => Promise<string>; onNotice: (notice: NoticeText) => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      aria-disabled={busy || undefined}
      onClick={async () => {
        if (busy) return;
        setBusy(true);
        try {
          onNotice({ kind: 'ok', text: await run() });
        } catch (error) {
          onNotice({ kind: 'error', text: errorText(error) });
        } finally {
          setBusy(false);
        }
      }}
    >
      {label}
    </button>
  );
}

/**
 * A modal confirmation (the native dialog: focus moves in, Escape closes, focus returns to the
 * button that opened it). `children` names what the action will do.
 */
export function ConfirmButton({
  label,
  title,
  confirmLabel,
  onConfirm,
  children,
  danger = false,
}: {
  label: string;
  title: string;
  confirmLabel: string;
  onConfirm: () => Promise<void> | void;
  children: React.ReactNode;
  danger?: boolean;
}) {
  const { t } = useDashboard();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  return (
    <>
      <button type="button" className={danger ? 'danger' : undefined} onClick={() => dialog.current?.showModal()}>
        {label}
      </button>
      <dialog ref={dialog} aria-labelledby={titleId}>
        <h2 id={titleId}>{title}</h2>
        {children}
        <div className="actions">
          <button
            type="button"
            className={danger ? 'danger' : undefined}
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onConfirm();
              } finally {
                setBusy(false);
                dialog.current?.close();
              }
            }}
          >
            {confirmLabel}
          </button>
          <button type="button" onClick={() => dialog.current?.close()}>
            {t('cancel')}
          </button>
        </div>
      </dialog>
    </>
  );
}

/** A labelled select over `options` ([value, label]). */
export function Select({
  label,
  value,
  options,
  onChange,
  id,
}: {
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
  onChange: (value: string) => void;
  id?: string;
}) {
  const fallback = useId();
  const selectId = id ?? fallback;
  return (
    <div className="field">
      <label htmlFor={selectId}>{label}</label>
      <select id={selectId} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The From and To day fields of a filter (ids `{id}-from`, `{id}-to`). */
export function DayRangeFields({
  id,
  from,
  to,
  onChange,
}: {
  id: string;
  from: string;
  to: string;
  onChange: (part: { from: string } | { to: string }) => void;
}) {
  const { t } = useDashboard();
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-from`}>{t('from')}</label>
        <input id={`${id}-from`} type="date" value={from} max={to || undefined} onChange={(e) => onChange({ from: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`}>{t('to')}</label>
        <input id={`${id}-to`} type="date" value={to} min={from || undefined} onChange={(e) => onChange({ to: e.target.value })} />
      </div>
    </>
  );
}
