/** A map image that links to the place (`mapLocation`), optionally in a new tab. */
import * as v from 'valibot';
import { baseExtra, flag, num, str } from '../common';

export const extraSchema = v.looseObject({
  ...baseExtra,
  mapLocation: v.optional(v.looseObject({ url: str(), name: str(), placeId: str() }), { url: '', name: '', placeId: '' }),
  newTab: flag(),
  /** The map picture; without one the place is shown as a text link. */
  imageUrl: str(),
  width: num(0),
  height: num(0),
});
export type MapExtra = v.InferOutput<typeof extraSchema>;
