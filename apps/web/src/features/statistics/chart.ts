/** A bar of the income chart, in the SVG's own units. */
export interface Bar {
  date: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Space left between bars, as a share of each bar's slot. */
const GAP = 0.25;
/** A day with some income stays visible however small it is next to the best day. */
const MIN_VISIBLE = 1;

/**
 * Bars for each day's income in a `width` × `height` box, the highest day reaching the top. The
 * amounts are decimal strings; they are read as numbers only to be drawn, never to be counted.
 */
export function incomeBars(days: readonly { date: string; income: string }[], width: number, height: number): Bar[] {
  const values = days.map((day) => Math.max(0, Number(day.income)));
  const highest = Math.max(0, ...values);
  const slot = days.length > 0 ? width / days.length : 0;
  return days.map((day, index) => {
    const value = values[index] ?? 0;
    const scaled = highest > 0 ? (value / highest) * height : 0;
    const barHeight = value > 0 ? Math.max(MIN_VISIBLE, scaled) : 0;
    return {
      date: day.date,
      x: index * slot + (slot * GAP) / 2,
      y: height - barHeight,
      width: slot * (1 - GAP),
      height: barHeight,
    };
  });
}

/** The dates labelled under the chart: the first, the middle and the last day. */
export function labelledDates(dates: readonly string[]): string[] {
  if (dates.length <= 3) return [...dates];
  return [dates[0], dates[Math.floor((dates.length - 1) / 2)], dates.at(-1)].filter((d): d is string => !!d);
}
