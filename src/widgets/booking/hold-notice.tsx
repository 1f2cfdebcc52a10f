/**
 * What the contact step of a paid calendar says about the slot's hold: for how long it is
 * held, then, near its end, a warning read out at once with a button to keep the time once
 * more (./use-slot-hold.ts).
 */
import type { BookingMessages } from './messages';
import type { HoldNotice as Notice } from './use-slot-hold';

export function HoldNotice({ notice, error, messages: m, onExtend }: { notice: Notice; error: string; messages: BookingMessages; onExtend: () => void }) {
  if (notice === 'none') return <p className="ef-booking__hint">{m.heldFor}</p>;
  return (
    <div className="ef-booking__hold" data-testid="hold-notice" data-hold={notice}>
      <p role="alert">{notice === 'ending' ? m.holdEnding : m.holdExtended}</p>
      {notice === 'ending' && (
        <button type="button" className="ef-booking__secondary" onClick={onExtend}>
          {m.holdExtend}
        </button>
      )}
      {error && (
        <p className="ef-booking__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
