/** A date in the user's own locale, as the browser reports it. */
export function formatDate(ms: number | bigint): string {
  return new Date(Number(ms)).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

export function formatDateTime(ms: number | bigint): string {
  return new Date(Number(ms)).toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/**
 * "As of 15:40" (today) or "As of 21 Sep, 15:40": when the home shown from this device's copy
 * was current, in the user's locale.
 */
export function asOfText(time: number, now: number): string {
  const at = new Date(time);
  const clock = formatTime(time);
  if (at.toDateString() === new Date(now).toDateString()) return `As of ${clock}`;
  const day = at.toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
  return `As of ${day}, ${clock}`;
}

/** A time of day in the user's locale: "15:40". */
export function formatTime(ms: number | bigint): string {
  return new Date(Number(ms)).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}
