/** Every browser-facing call of both seeds, one list for the gateway and the API. */
import type { CallSpec } from './define-call';
import { bookingCalls } from './booking';
import { formsCalls } from './forms';
import { funnelCalls } from './funnel';
import { paymentsCalls } from './payments';
import { surveysCalls } from './surveys';

export const allCalls: CallSpec[] = [
  ...(Object.values(funnelCalls) as CallSpec[]),
  ...(Object.values(paymentsCalls) as CallSpec[]),
  ...(Object.values(formsCalls) as CallSpec[]),
  ...(Object.values(surveysCalls) as CallSpec[]),
  ...(Object.values(bookingCalls) as CallSpec[]),
];
