/** A team calendar's member choice (when the calendar lets visitors choose): anyone free, or one member, whose slots the grid then shows. */
import type { BookingMessages } from './messages';
import type { BookingCalendar } from './types';

export function MemberSelect(props: {
  team: NonNullable<BookingCalendar['team']>;
  value: string;
  messages: BookingMessages;
  onChange: (userId: string) => void;
}) {
  return (
    <label className="ef-booking__field">
      <span>{props.messages.teamMember}</span>
      <select value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">{props.messages.anyMember}</option>
        {props.team.members.map((m) => (
          <option key={m.userId} value={m.userId}>
            {m.name}
          </option>
        ))}
      </select>
    </label>
  );
}
