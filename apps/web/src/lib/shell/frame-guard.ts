/**
 * Whether the app is shown inside another page's frame. Such a page could lay its own content
 * over the app's buttons (clickjacking); a meta Content-Security-Policy cannot forbid framing
 * (frame-ancestors is ignored there), so the app checks for itself (see docs/security.md).
 */
export function isFramed(win: Window = window): boolean {
  try {
    return win.self !== win.top;
  } catch {
    // Reading `top` across origins can throw: framed, then.
    return true;
  }
}

/**
 * Instead of the app: a short note with a link that opens the app on its own. Plain DOM, so
 * nothing of the app (or of the page around it) runs in the frame.
 */
export function showFramedNotice(root: HTMLElement, href: string): void {
  const note = document.createElement('p');
  note.setAttribute('role', 'alert');
  note.style.cssText = 'font: 16px/1.5 system-ui, sans-serif; margin: 2rem;';
  note.append('For your safety, the Robonomics Dapp does not run inside another page. ');
  const link = document.createElement('a');
  link.href = href;
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  link.textContent = 'Open it in its own tab';
  note.append(link, '.');
  root.replaceChildren(note);
}
