/**
 * One counted view as the `edgefunnel-views` queue carries it (src/serving/count-view.ts
 * sends the views of an isolate's batch as one message, an array of these;
 * src/platform/stats/view-consumer.ts reads a view or an array of views). It carries the visitor only as the
 * network of the address and the browser family (./visitor.ts): no IP, no user agent.
 */
import * as v from 'valibot';

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
const optionalId = v.nullable(v.pipe(v.string(), v.maxLength(64)));

export const ViewMessageSchema = v.object({
  funnelId: id,
  stepId: id,
  pageId: id,
  experimentId: optionalId,
  variantId: optionalId,
  host: v.pipe(v.string(), v.maxLength(255)),
  network: v.pipe(v.string(), v.maxLength(64)),
  family: v.pipe(v.string(), v.maxLength(16)),
  source: v.picklist(['edge', 'render']),
  /** When the view was answered, epoch ms. */
  at: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type ViewMessage = v.InferOutput<typeof ViewMessageSchema>;
