/*
 * The `contact.*` and `appointment.*` merge fields of a funnel page, filled in the browser
 * (requirements PAGE-DATA-11): the edge copy is shared by every visitor, so the server
 * renders each as `<span data-merge-field="contact.first_name">fallback</span>`
 * (src/lib/merge-fields.ts), and this fills it from what this visitor gave the location:
 * the sticky contact, and their last booking (src/lib/visitor-merge.ts). A field the visitor
 * never gave keeps the seller's fallback. Loaded only on pages with such fields.
 */
import { appointmentMergeRecord, contactMergeRecord, lastAppointmentKey, stickyContactKey, storedRecord } from '../lib/visitor-merge';

function stored(win: Window, key: string): Record<string, unknown> {
  try {
    return storedRecord(win.localStorage.getItem(key));
  } catch {
    return {};
  }
}

/** Fills every merge-field span of `doc` from this visitor's data with `locationId`. */
export function fillVisitorMergeFields(doc: Document, win: Window, locationId: string): void {
  const records: Record<string, Record<string, string>> = {
    contact: contactMergeRecord(stored(win, stickyContactKey(locationId))),
    appointment: appointmentMergeRecord(stored(win, lastAppointmentKey(locationId))),
  };
  for (const span of doc.querySelectorAll<HTMLElement>('[data-merge-field]')) {
    const [record = '', key = ''] = (span.dataset.mergeField ?? '').split('.');
    const value = Object.hasOwn(records, record) ? records[record]?.[key] : undefined;
    span.textContent = value || (span.dataset.mergeFallback ?? '');
  }
}
