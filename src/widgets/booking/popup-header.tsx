/** The header of popup mode (requirements WIDGET-ROUTES): the step's title, Cancel and a close button; both ask the container to close. */
import type { BookingMessages } from './messages';

export function PopupHeader({ title, messages: m, onClose }: { title: string; messages: BookingMessages; onClose: () => void }) {
  return (
    <header className="ef-booking__popup-head">
      <h1 className="ef-booking__popup-title">{title}</h1>
      <button type="button" className="ef-booking__link" onClick={onClose}>
        {m.cancel}
      </button>
      <button type="button" className="ef-booking__close" aria-label={m.close} onClick={onClose}>
        ×
      </button>
    </header>
  );
}
