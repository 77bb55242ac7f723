import type { ReactNode } from 'react';
import { iconOf } from '../../view/domain-presentation.ts';

/**
 * One inline SVG per Home Assistant domain (never an emoji: a system font may lack the glyph).
 * Strokes use currentColor, so the card tints the icon by the entity's state.
 */
const PATHS: Record<string, ReactNode> = {
  light: (
    <>
      <path d="M9 18h6M10 21h4" />
      <path d="M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2V16h5v-.1c0-.8.4-1.5 1-2A6 6 0 0 0 12 3z" />
    </>
  ),
  switch: (
    <>
      <rect x="2" y="7" width="20" height="10" rx="5" />
      <circle cx="16" cy="12" r="3" />
    </>
  ),
  climate: (
    <>
      <path d="M14 14.8V5a2 2 0 0 0-4 0v9.8a4 4 0 1 0 4 0z" />
      <path d="M12 9v7" />
    </>
  ),
  humidifier: <path d="M12 3s-6 6.7-6 11a6 6 0 0 0 12 0c0-4.3-6-11-6-11z" />,
  water_heater: (
    <>
      <rect x="6" y="2" width="12" height="20" rx="3" />
      <path d="M12 16a2 2 0 0 1-2-2c0-1.5 2-4 2-4s2 2.5 2 4a2 2 0 0 1-2 2z" />
    </>
  ),
  cover: (
    <>
      <path d="M3 3h18M5 3v14h14V3" />
      <path d="M5 7h14M5 11h14M12 17v4" />
    </>
  ),
  valve: (
    <>
      <path d="M3 10v6M21 10v6M3 13h4M17 13h4" />
      <path d="M7 10l10 6V10L7 16z" />
      <path d="M12 13V6M9 6h6" />
    </>
  ),
  lock: (
    <>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </>
  ),
  fan: (
    <>
      <circle cx="12" cy="12" r="2" />
      <path d="M12 10c0-4 1-7 4-7s3 4 0 6M14 12c4 0 7 1 7 4s-4 3-6 0M12 14c0 4-1 7-4 7s-3-4 0-6M10 12c-4 0-7-1-7-4s4-3 6 0" />
    </>
  ),
  media_player: (
    <>
      <rect x="5" y="2" width="14" height="20" rx="2" />
      <circle cx="12" cy="14" r="4" />
      <path d="M12 6h.01" />
    </>
  ),
  script: (
    <>
      <path d="M7 3h10a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z" />
      <path d="M10 9l5 3-5 3z" />
    </>
  ),
  scene: (
    <>
      <path d="M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8L3.5 9.2l5.9-.9z" />
    </>
  ),
  vacuum: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="3" />
      <path d="M7 6.5l1.5 1.5M17 6.5L15.5 8" />
    </>
  ),
  text: <path d="M5 5h14M12 5v14M9 19h6" />,
  update: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 16V8M8.5 11.5L12 8l3.5 3.5" />
    </>
  ),
  weather: <path d="M7 18h10a4 4 0 0 0 .5-8A6 6 0 0 0 6 9.5 4.3 4.3 0 0 0 7 18z" />,
  automation: (
    <>
      <rect x="3" y="3" width="7" height="7" rx="1" />
      <rect x="14" y="14" width="7" height="7" rx="1" />
      <path d="M10 6.5h4a3 3 0 0 1 3 3V14" />
    </>
  ),
  sensor: (
    <>
      <path d="M4 18a8 8 0 1 1 16 0" />
      <path d="M12 18l4-6" />
    </>
  ),
  binary_sensor: (
    <>
      <circle cx="12" cy="12" r="8" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  number: <path d="M9 4L7 20M17 4l-2 16M4 9h16M3 15h16" />,
  select: <path d="M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01" />,
  button: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="4" />
    </>
  ),
  person: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </>
  ),
  event: <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 21h4" />,
  default: <rect x="4" y="4" width="16" height="16" rx="3" />,
};

/** The icon of a domain; unknown domains get a plain square. */
export function DomainIcon({ domain, size = 24 }: { domain: string; size?: number }) {
  const key = iconOf(domain);
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {Object.hasOwn(PATHS, key) ? PATHS[key] : PATHS.default}
    </svg>
  );
}
