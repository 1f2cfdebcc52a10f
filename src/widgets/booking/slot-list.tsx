/**
 * The chosen day's free times in AM and PM columns, five at a time with Load more (requirements
 * WIDGET-LIMITS). Each time is a button announced with its time and zone; the chosen one shows
 * its Select time button.
 */
import { useState } from 'react';
import { fillTemplate } from '../../lib/template';
import { isMorning, slotTime, zoneName } from './format';
import type { BookingMessages } from './messages';

export const SLOTS_PER_STEP = 5;

export interface SlotListProps {
  slots: readonly string[];
  selected: string | null;
  zone: string;
  use24h: boolean;
  lang: string;
  messages: BookingMessages;
  onChoose: (slot: string) => void;
  onConfirm: (slot: string) => void;
}

function Column(props: SlotListProps & { title: string; items: readonly string[] }) {
  const { items, messages: m } = props;
  const [shown, setShown] = useState(SLOTS_PER_STEP);
  if (items.length === 0) return null;
  const headingId = `ef-slots-${props.title}`;
  return (
    <section className="ef-booking__slot-column" aria-labelledby={headingId}>
      <h3 id={headingId} className="ef-booking__slot-title">
        {props.title}
      </h3>
      <ul className="ef-booking__slots">
        {items.slice(0, shown).map((slot) => {
          const time = slotTime(slot, props.use24h, props.lang);
          const chosen = slot === props.selected;
          return (
            <li key={slot} className="ef-booking__slot-row">
              <button
                type="button"
                className="ef-booking__slot"
                aria-pressed={chosen}
                aria-label={fillTemplate(m.slotLabel, { time, zone: zoneName(props.zone) })}
                onClick={() => props.onChoose(slot)}
              >
                {time}
              </button>
              {chosen && (
                <button
                  type="button"
                  className="ef-booking__confirm"
                  onClick={() => props.onConfirm(slot)}
                  aria-label={fillTemplate(m.selectTimeLabel, { time, zone: zoneName(props.zone) })}
                >
                  {m.selectTime}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {shown < items.length && (
        <button type="button" className="ef-booking__more" onClick={() => setShown((n) => n + SLOTS_PER_STEP)}>
          {m.loadMore}
        </button>
      )}
    </section>
  );
}

export function SlotList(props: SlotListProps) {
  const morning = props.slots.filter(isMorning);
  const afternoon = props.slots.filter((s) => !isMorning(s));
  return (
    <div className="ef-booking__slot-columns">
      <Column {...props} title={props.messages.am} items={morning} />
      <Column {...props} title={props.messages.pm} items={afternoon} />
    </div>
  );
}
