/** Every browser-facing call of both seeds, one list for the gateway and the API. */
import type { CallSpec } from '../call';
import { bookingCalls } from './booking';
import { formsCalls } from './forms';
import { funnelCalls } from './funnel';
import { paymentsCalls } from './payments';
import { surveysCalls } from './surveys';

export const allCalls: CallSpec[] = [
  ...Object.values(funnelCalls),
  ...Object.values(paymentsCalls),
  ...Object.values(formsCalls),
  ...Object.values(surveysCalls),
  ...Object.values(bookingCalls),
];
