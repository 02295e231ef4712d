import { Button } from 'antd';
import { useId, useState } from 'react';
import { sumDecimals } from '../lib/decimal.ts';

export interface BarDatum {
  /** Axis label, e.g. "Nov 21"; unique within a chart. */
  label: string;
  /** A decimal string ("1234.50", "12"): drawn through a number, always written from the string. */
  value: string;
}

interface BarChartProps {
  title: string;
  data: readonly BarDatum[];
  /** How a decimal string reads on the axis, in tooltips and in the table, e.g. money with a currency. */
  format?: (value: string) => string;
  height?: number;
  color?: string;
  /** Column headers of the data table. */
  labelHeader?: string;
  valueHeader?: string;
}

/** Round axis ticks from 0: steps of 1, 2 or 5 × 10ⁿ so that about `count` ticks cover `max`. */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude;
  const ticks: number[] = [];
  for (let i = 0; ; i++) {
    const value = Number((i * step).toPrecision(12));
    ticks.push(value);
    if (value >= max) return ticks;
  }
}

/**
 * A small SVG bar chart. The drawing is one labelled image with a summary; the numbers are in a
 * table that screen readers always get and that anyone can show with the "Show data" button.
 */
export function BarChart({
  title,
  data,
  format = (value) => value,
  height = 240,
  color = '#1677ff',
  labelHeader = 'Day',
  valueHeader = 'Value',
}: BarChartProps) {
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  const width = 720;
  const margin = { top: 20, right: 12, bottom: 32, left: 56 };
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = height - margin.top - margin.bottom;
  // Numbers for the geometry only: what the chart writes comes from the strings.
  const sizes = data.map((d) => Number(d.value));
  const max = Math.max(0, ...sizes);
  const ticks = niceTicks(max);
  const top = ticks[ticks.length - 1] ?? 1;
  const slot = data.length > 0 ? innerWidth / data.length : innerWidth;
  const barWidth = Math.max(2, Math.min(48, slot * 0.7));
  const labelEvery = Math.max(1, Math.ceil(data.length / 12));
  const showValues = data.length <= 31 && barWidth >= 14;
  const y = (value: number) => margin.top + innerHeight - (top > 0 ? (value / top) * innerHeight : 0);
  const peak = data[sizes.indexOf(max)];
  const summary =
    data.length === 0
      ? 'No data.'
      : `${data.length} bars from ${data[0]?.label} to ${data[data.length - 1]?.label}; total ${format(sumDecimals(data.map((d) => d.value)))}; highest ${format(peak?.value ?? '0')}${peak ? ` on ${peak.label}` : ''}.`;

  return (
    <figure className="bar-chart" style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        style={{ display: 'block', maxHeight: height * 1.4 }}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={margin.left} x2={width - margin.right} y1={y(tick)} y2={y(tick)} stroke="#f0f0f0" />
            <text x={margin.left - 8} y={y(tick)} dy="0.32em" textAnchor="end" fontSize={11} fill="#8c8c8c">
              {format(String(tick))}
            </text>
          </g>
        ))}
        <line x1={margin.left} x2={width - margin.right} y1={y(0)} y2={y(0)} stroke="#bfbfbf" />
        {data.map((d, index) => {
          const x = margin.left + slot * index + (slot - barWidth) / 2;
          const size = sizes[index] ?? 0;
          const barTop = y(size);
          return (
            <g key={d.label} className="bar-group">
              <title>{`${d.label}: ${format(d.value)}`}</title>
              {/* a full-height hit area makes small bars easy to hover */}
              <rect
                x={margin.left + slot * index}
                y={margin.top}
                width={slot}
                height={innerHeight}
                fill="transparent"
              />
              <rect
                className="bar"
                x={x}
                y={barTop}
                width={barWidth}
                height={Math.max(0, y(0) - barTop)}
                rx={2}
                fill={color}
              />
              {showValues && size > 0 && (
                <text x={x + barWidth / 2} y={barTop - 4} textAnchor="middle" fontSize={11} fill="#262626">
                  {format(d.value)}
                </text>
              )}
              {(data.length - 1 - index) % labelEvery === 0 && (
                <text
                  x={x + barWidth / 2}
                  y={height - margin.bottom + 16}
                  textAnchor="middle"
                  fontSize={11}
                  fill="#595959"
                >
                  {d.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          aria-expanded={showTable}
          aria-controls={`${id}-table`}
          onClick={() => setShowTable((v) => !v)}
        >
          {showTable ? 'Hide data' : 'Show data'}
        </Button>
      </figcaption>
      {/* tables ignore overflow, so the hiding class goes on a wrapper */}
      <div id={`${id}-table`} className={showTable ? undefined : 'visually-hidden'}>
        <table className="bar-chart-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              <th scope="col">{valueHeader}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.label}>
                <th scope="row">{d.label}</th>
                <td>{format(d.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
