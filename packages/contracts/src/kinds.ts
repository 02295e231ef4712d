// Kinds that the web app's screens list without checking any input: this module builds no schema,
// so a screen that names them loads no zod (docs/decisions.md).

/** A product's profit cycle: it pays every hour, day or week. */
export const CYCLES = ['hour', 'day', 'week'] as const;
export type Cycle = (typeof CYCLES)[number];

/** The two events of the spec: the anniversary event and the offline press conference. */
export const EVENT_KINDS = ['anniversary', 'conference'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
