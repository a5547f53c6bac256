/**
 * The value axis of a chart: round ticks ("0, 500, 1,000, 1,500") that hold every value and zero,
 * about `count` of them (1, 2 or 5 times a power of ten apart; whole numbers for counts).
 */
export function niceTicks(values: readonly number[], count = 5, integers = false): number[] {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const span = high - low || Math.abs(high) || 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(integers ? 1 : 0, ([1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power));
  const first = Math.floor(low / step) * step;
  const last = Math.max(Math.ceil(high / step) * step, first + step);
  const ticks: number[] = [];
  for (let i = 0; first + i * step <= last + step / 2; i += 1) ticks.push(Number((first + i * step).toPrecision(12)));
  return ticks;
}

/** How many labels to skip between two shown, so at most `room` fit along the time axis. */
export const labelEvery = (buckets: number, room = 8): number => Math.max(1, Math.ceil(buckets / room));
