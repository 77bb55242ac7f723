import { CloseIcon } from '../../components/icons.tsx';
import { type Toast, useToasts, visibleToasts } from '../../lib/stores/toasts.ts';

/**
 * The status messages, stacked in a corner where they hide no control: the newest three, errors
 * until dismissed. Screen readers hear them through two live regions, the polite one for
 * progress and results, the assertive one for errors.
 */
export function Toasts() {
  const { toasts, dismiss } = useToasts();
  const visible = visibleToasts(toasts);
  const hidden = toasts.length - visible.length;

  // Dismissing with the keyboard must not drop focus onto the page's start: it moves to the
  // next message's button, or to the page content.
  const onDismiss = (id: number) => {
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('.toast .button')];
    const index = buttons.findIndex((b) => b.dataset.toast === String(id));
    const hadFocus = index >= 0 && buttons[index] === document.activeElement;
    dismiss(id);
    if (!hadFocus) return;
    const next = buttons[index + 1] ?? buttons[index - 1];
    requestAnimationFrame(() => {
      if (next?.isConnected) next.focus();
      else document.getElementById('main')?.focus();
    });
  };

  const item = (toast: Toast) => (
    <div key={toast.id} className={`toast toast-${toast.kind}`}>
      <span>{toast.text}</span>
      <button
        type="button"
        className="button icon-button"
        aria-label={`Dismiss: ${toast.text}`}
        data-toast={toast.id}
        onClick={() => onDismiss(toast.id)}
      >
        <CloseIcon />
      </button>
    </div>
  );

  return (
    <section className="toasts" aria-label="Notifications">
      <div role="alert" className="toast-stack">
        {visible.filter((t) => t.kind === 'error').map(item)}
      </div>
      <div role="status" aria-live="polite" className="toast-stack">
        {visible.filter((t) => t.kind !== 'error').map(item)}
      </div>
      {hidden > 0 && (
        <p className="toast-more small" aria-hidden="true">
          +{hidden} more
        </p>
      )}
    </section>
  );
}
