import { describe, expect, it } from 'vitest';
import { appointmentLinks } from '../../src/lib/appointment-links';
import { submitCallAt, submitPath } from '../../src/widgets/form/submit';
import { bookingRoutes, freeSlotsFor } from '../../src/schemas/calls/booking-routes';
import { apiPath, callPath } from '../../src/schemas/calls/define-call';

describe('call paths built from the routes', () => {
  it('keeps a path parameter one segment, whatever it holds', () => {
    expect(apiPath(bookingRoutes.cancel, { id: 'ap/1?x' })).toBe('/api/appointment/ap%2F1%3Fx/cancel');
    const links = appointmentLinks('https://book.example', 'cal_1', 'ap_1', 'tok-1_x');
    expect(links.ics).toBe('https://book.example/api/google/calendar/get-ics/ap_1?token=tok-1_x');
    expect(links.reschedule).toBe('https://book.example/widget/booking/cal_1?event_id=ap_1&token=tok-1_x');
    expect(links.cancel).toBe('https://book.example/widget/cancel-booking?event_id=ap_1&token=tok-1_x');
  });

  it('asks for free slots with the query the API validates, leaving out what is unset', () => {
    const query = freeSlotsFor({ calendarId: 'cal_1', startDate: 1, endDate: 2, timezone: 'Asia/Kolkata' });
    expect(callPath(bookingRoutes.freeSlots, undefined, query)).toBe('/appointment/free-slots?calendar_id=cal_1&startDate=1&endDate=2&timezone=Asia%2FKolkata');
    expect(callPath(bookingRoutes.services, undefined, { calendar_id: undefined, calendar_provider_id: 'pr_1' })).toBe(
      '/appointment/services?calendar_provider_id=pr_1',
    );
  });

  it('finds the call of a submission kept in the outbox by its path', () => {
    expect(submitPath('survey')).toBe('/api/survey');
    for (const call of ['form', 'survey', 'appointment'] as const) expect(submitCallAt(submitPath(call))).toBe(call);
    expect(submitCallAt('/api/elsewhere')).toBeUndefined();
  });
});
