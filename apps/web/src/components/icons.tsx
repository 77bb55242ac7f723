import type { SVGProps } from 'react';

/**
 * Icons drawn inline, never as emoji or symbol characters: a system font may lack those glyphs
 * and show an empty box instead. Decorative: the control around an icon carries its name.
 */
export function Icon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      {children}
    </svg>
  );
}

/** The drawing of the app's icon (public/favicon.svg, a test keeps them the same). */
export const BRAND_MARK = {
  background: '#1f6feb',
  letter:
    'M9 23V9h7.5a4.5 4.5 0 0 1 1.2 8.84L22 23h-3.6l-3.9-5H12.4v5zm3.4-8h3.9a1.6 1.6 0 0 0 0-3.2h-3.9z',
};

/**
 * The app's icon beside its name, drawn in the page: as an image it would be a request of its
 * own and an SVG document the browser builds on the main thread while the first frame is due.
 */
export function BrandMark() {
  return (
    <svg aria-hidden="true" focusable="false" width="28" height="28" viewBox="0 0 32 32">
      <rect width="32" height="32" rx="8" fill={BRAND_MARK.background} />
      <path d={BRAND_MARK.letter} fill="#fff" />
    </svg>
  );
}

export function MenuIcon() {
  return (
    <Icon>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </Icon>
  );
}

export function SunIcon() {
  return (
    <Icon>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M4.93 19.07l1.41-1.41M17.66 6.34l1.41-1.41" />
    </Icon>
  );
}

export function MoonIcon() {
  return (
    <Icon>
      <path d="M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z" />
    </Icon>
  );
}

/** "Make something up for me": four-pointed sparkles. */
export function SparklesIcon() {
  return (
    <Icon>
      <path d="M10 3l1.6 4.4L16 9l-4.4 1.6L10 15l-1.6-4.4L4 9l4.4-1.6z" />
      <path d="M18 14l.8 2.2L21 17l-2.2.8L18 20l-.8-2.2L15 17l2.2-.8z" />
    </Icon>
  );
}

export function CheckIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Icon {...props}>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </Icon>
  );
}

/** A house: the active setup. */
export function HomeIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Icon {...props}>
      <path d="M3 11l9-7 9 7" />
      <path d="M5 10v10h14V10" />
      <path d="M10 20v-6h4v6" />
    </Icon>
  );
}

/** A circle struck through: not allowed. */
export function BanIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M5.6 5.6l12.8 12.8" />
    </Icon>
  );
}

/** An arrow into a tray: download. */
export function DownloadIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Icon {...props}>
      <path d="M12 4v11M7 10l5 5 5-5" />
      <path d="M4 19h16" />
    </Icon>
  );
}

/** A cross: close. */
export function CloseIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Icon {...props}>
      <path d="M6 6l12 12M18 6L6 18" />
    </Icon>
  );
}

/** A key: the keys kept on this device. */
export function KeyIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Icon {...props}>
      <circle cx="8" cy="15" r="4" />
      <path d="M10.8 12.2L20 3M16 7l3 3M14 9l2 2" />
    </Icon>
  );
}
