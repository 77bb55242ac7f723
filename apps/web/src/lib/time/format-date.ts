/** A date in the user's own locale (airalab/robonomics.app forced ru-RU everywhere). */
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
