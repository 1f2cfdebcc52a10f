/**
 * How a booking step or part whose code could not load looks (booking.css), for
 * `<LoadFailed>` (src/widgets/lazy-part.tsx). A module of its own: the calendar's chunk and
 * the contact step's both use it, and the card field's slot stays in the contact step's.
 */
export const FAILED_CLASSES = { box: 'ef-booking__part-failed', message: 'ef-booking__error', button: 'ef-booking__link' };
