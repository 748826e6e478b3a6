import { useId, useRef, useState, type KeyboardEvent } from 'react';
import classes from './EloChart.module.css';
import { useDisplayTimeZone } from '../../lib/render-context';
import { formatIn } from '../common/format';

/** One value on the chart: a match a team played, or an Elo a player was given. */
export interface ChartPoint {
  key: string;
  /** ISO date-time: where the point sits on the time axis. */
  date: string;
  value: number;
  /** Everything a visitor should learn from the point, in words: shown on hover and focus, read by screen readers. */
  description: string;
  tone?: 'gain' | 'loss';
}

/** A moment marked across the chart (a weekly ranking snapshot). */
export interface ChartMarker {
  key: string;
  date: string;
  label: string;
}

interface EloChartProps {
  /** What the chart shows, for screen readers ('Elo history of Owls'). */
  label: string;
  /** The text alternative: the chart in a sentence or two, shown under it. */
  summary: string;
  points: ChartPoint[];
  markers?: ChartMarker[];
  /** The smallest span of values the axis shows (an Elo chart 40 points, a rating chart less). */
  minRange?: number;
  /** How an axis value reads ('1500', '1.05'). */
  formatValue?: (value: number) => string;
}

const WIDTH = 640;
const HEIGHT = 240;
const PAD = { top: 16, right: 16, bottom: 28, left: 48 };
const TICKS = 4;

function niceStep(range: number): number {
  const raw = range / TICKS;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw);
  return step ?? 10 * magnitude;
}

/**
 * A line chart of Elo over time, drawn as plain SVG so that every point can take keyboard
 * focus (one Tab stop, arrow keys between points) and tell the same details as on hover
 * (docs/decisions/0020). Markers are ticks along the time axis.
 */
export function EloChart({ label, summary, points, markers = [], minRange = 40, formatValue = String }: EloChartProps) {
  // The month in the displayed zone (the league's until hydrated, docs/decisions/0096).
  const axisDate = formatIn(useDisplayTimeZone(), { month: 'short', year: 'numeric' });
  const summaryId = useId();
  const [active, setActive] = useState<number | null>(null);
  const [tabStop, setTabStop] = useState(points.length - 1);
  const pointRefs = useRef<(SVGCircleElement | null)[]>([]);

  const times = [...points.map((p) => Date.parse(p.date)), ...markers.map((m) => Date.parse(m.date))];
  const firstTime = Math.min(...times);
  const lastTime = Math.max(...times);
  const values = points.map((p) => p.value);
  const step = niceStep(Math.max(Math.max(...values) - Math.min(...values), minRange));
  const low = Math.floor(Math.min(...values) / step) * step;
  const high = Math.max(Math.ceil(Math.max(...values) / step) * step, low + step);
  // Positions to a tenth of a unit, as the line's: finer only lengthens the page's markup.
  const tenth = (value: number) => Math.round(value * 10) / 10;
  const x = (iso: string) =>
    tenth(lastTime === firstTime ? (PAD.left + WIDTH - PAD.right) / 2 : PAD.left + ((Date.parse(iso) - firstTime) / (lastTime - firstTime)) * (WIDTH - PAD.left - PAD.right));
  const y = (value: number) => tenth(PAD.top + (1 - (value - low) / (high - low)) * (HEIGHT - PAD.top - PAD.bottom));
  const gridValues: number[] = [];
  // Counted in steps, so a fractional step does not drift past the top line.
  for (let index = 0; index <= Math.round((high - low) / step); index += 1) gridValues.push(low + index * step);
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.date).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');

  const focusPoint = (index: number) => {
    const next = Math.max(0, Math.min(points.length - 1, index));
    setTabStop(next);
    setActive(next);
    pointRefs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
    const moves: Record<string, number> = { ArrowRight: tabStop + 1, ArrowUp: tabStop + 1, ArrowLeft: tabStop - 1, ArrowDown: tabStop - 1, Home: 0, End: points.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    focusPoint(target);
  };

  const shown = active === null ? null : points[active];
  return (
    <figure className={classes.figure}>
      <div className={classes.plot}>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className={classes.svg} role="group" aria-label={label} aria-describedby={summaryId}>
          <g aria-hidden="true">
            {gridValues.map((value) => (
              <g key={value}>
                <line className={classes.grid} x1={PAD.left} x2={WIDTH - PAD.right} y1={y(value)} y2={y(value)} />
                <text className={classes.axis} x={PAD.left - 6} y={y(value)} textAnchor="end" dominantBaseline="middle">
                  {formatValue(value)}
                </text>
              </g>
            ))}
            <text className={classes.axis} x={PAD.left} y={HEIGHT - 8} textAnchor="start">
              {axisDate.format(firstTime)}
            </text>
            {lastTime !== firstTime && (
              <text className={classes.axis} x={WIDTH - PAD.right} y={HEIGHT - 8} textAnchor="end">
                {axisDate.format(lastTime)}
              </text>
            )}
            {markers.map((marker) => (
              // A short tick under the plot: weekly snapshots come too often for full-height lines.
              <line key={marker.key} className={classes.marker} x1={x(marker.date)} x2={x(marker.date)} y1={HEIGHT - PAD.bottom} y2={HEIGHT - PAD.bottom + 6} data-marker>
                <title>{marker.label}</title>
              </line>
            ))}
            <path className={classes.line} d={line} />
          </g>
          <g onKeyDown={onKeyDown} onMouseLeave={() => setActive(null)}>
            {points.map((point, index) => (
              <circle
                key={point.key}
                ref={(element) => {
                  pointRefs.current[index] = element;
                }}
                className={classes.point}
                data-tone={point.tone}
                cx={x(point.date)}
                cy={y(point.value)}
                r={5}
                tabIndex={index === tabStop ? 0 : -1}
                role="img"
                aria-label={point.description}
                data-chart-point
                onFocus={() => {
                  setTabStop(index);
                  setActive(index);
                }}
                onBlur={() => setActive(null)}
                onMouseEnter={() => setActive(index)}
              />
            ))}
          </g>
        </svg>
        {shown && (
          // The focused point's own label says the same to screen readers.
          <div
            className={classes.tooltip}
            aria-hidden="true"
            data-chart-tooltip
            style={{ left: `${(x(shown.date) / WIDTH) * 100}%`, top: `${(y(shown.value) / HEIGHT) * 100}%` }}
          >
            {shown.description}
          </div>
        )}
      </div>
      <figcaption id={summaryId} className={classes.caption}>
        {summary}
      </figcaption>
    </figure>
  );
}
