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
      // Grouped bars: each step's slot (0.8 of a step) shared by the series side by side.
      const group = 0.8;
      const barWidth = group / Math.max(1, series.length);
      /** A step's name cut to the room its slot has on the axis (about 7 px a character). */
      const shorten = (name: string, room: number) => {
        const chars = Math.max(3, Math.floor(room / 7));
        return name.length > chars ? `${name.slice(0, chars - 1)}…` : name;
      };
      const opts: uPlot.Options = {
        width: width(),
        height: 240,
        // No values in the legend: the cursor that would set them is off.
        legend: { show: true, live: false },
        cursor: { show: false },
        scales: { x: categories ? { time: false, range: () => [-0.5, x.length - 0.5] } : { time: true } },
        axes: [
          categories
            ? {
                values: (u, splits) => splits.map((v) => shorten(categories[v] ?? '', u.bbox.width / devicePixelRatio / Math.max(1, x.length))),
                splits: () => x,
                stroke: '#1a202c',
              }
            : { stroke: '#1a202c' },
          { stroke: '#1a202c' },
        ],
        series: [
          {},
          ...series.map((s, i) => ({
            label: s.label,
            stroke: s.color,
            fill: bars ? `${s.color}cc` : undefined,
            width: 2,
            paths: bars
              ? UPlot.paths.bars?.({
                  disp: {
                    x0: { unit: 1, values: () => x.map((v) => v - group / 2 + i * barWidth) },
                    size: { unit: 1, values: () => [barWidth] },
                  },
                })
              : undefined,
            points: bars ? { show: false } : undefined,
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
