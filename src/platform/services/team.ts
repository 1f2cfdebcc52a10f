/**
 * Team calendars (issue 31): a calendar with `team_members` is booked with one member at a
 * time. Each member has their own hours and their own bookings; the free-slot list, the
 * booking check and the minute claims of migration 0006 are per member. The claim key
 * keeps the members apart in `slot_units` without a column of its own (migration 0024).
 */
import type { CalendarDocument, TeamMember } from '../../schemas/calendar';
import { ApiError } from '../http';

export const NO_MEMBER = 'user_id: no team member of this calendar has this id';

/** Whether the calendar is booked with its team members rather than as one host. */
export function isTeamCalendar(calendar: Pick<CalendarDocument, 'team_members'>): boolean {
  return (calendar.team_members?.length ?? 0) > 0;
}

/** The member of a team calendar with this `user_id`; 400 when there is none. */
export function memberOf(calendar: Pick<CalendarDocument, 'team_members'>, userId: string): TeamMember {
  const member = calendar.team_members?.find((m) => m.user_id === userId);
  if (!member) throw new ApiError(400, NO_MEMBER);
  return member;
}

/** The key a host's minutes are claimed under in `slot_units.calendar_id`: the calendar, or `{calendar}/{member}`. */
export function claimKey(calendarId: string, userId: string | null): string {
  return userId ? `${calendarId}/${userId}` : calendarId;
}

/** The member's name for a booking's confirmation, or null (single host, or an unknown id). */
export function memberName(calendar: Pick<CalendarDocument, 'team_members'>, userId: string | null | undefined): string | null {
  return (userId && calendar.team_members?.find((m) => m.user_id === userId)?.name) || null;
}
