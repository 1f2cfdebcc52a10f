/**
 * A chart drawn by uPlot (docs/architecture.md says why that library), loaded as its own chunk
 * only by the screens that draw one. The chart is a picture for sighted users: its caption
 * says what it shows, and every screen shows the same numbers in a table beside it. Its width follows
 * its container, so it fits at 375 px and at 1280 px.
 */
import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';

export interface Series {
  label: string;
  values: number[];
  color: string;
}

/** `x` is epoch seconds for a time axis, or step positions (0, 1, …) labelled by `categories`. */
export function Chart({ label, x, series, categories, bars = false }: { label: string; x: number[]; series: Series[]; categories?: string[]; bars?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let live = true;
    import('uplot').then(({ default: UPlot }) => {
      if (!live) return;
      const width = () => Math.max(280, el.clientWidth);
      const opts: uPlot.Options = {
        width: width(),
        height: 240,
        legend: { show: true },
        cursor: { show: false },
        scales: { x: { time: !categories } },
        axes: [
          categories ? { values: (_u, splits) => splits.map((v) => categories[v] ?? ''), splits: () => x, stroke: '#1a202c' } : { stroke: '#1a202c' },
          { stroke: '#1a202c' },
        ],
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            fill: bars ? `${s.color}cc` : undefined,
            width: 2,
            paths: bars ? UPlot.paths.bars?.({ size: [0.6 / Math.max(1, series.length), 60], align: 0 }) : undefined,
          })),
        ],
      };
      plot = new UPlot(opts, [x, ...series.map((s) => s.values)], el);
      observer = new ResizeObserver(() => plot?.setSize({ width: width(), height: 240 }));
      observer.observe(el);
    });
    return () => {
      live = false;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [x, series, categories, bars]);
  // The picture is hidden from assistive technology (its legend toggles series by mouse only);
  // the caption says what it shows, and the screen's table has the same numbers.
  return (
    <figure className="chart-figure">
      <div ref={box} className="chart" aria-hidden="true" />
      <figcaption>{label}</figcaption>
    </figure>
  );
}
