import { useEffect } from 'react';
import {
  REACH_TEXT,
  refreshReach,
  useReminders,
} from '../../lib/reminders/renewal-notifications.ts';
import './renewal.css';

/**
 * The one way to get notifications: a button (the browser's permission prompt only ever follows
 * it), and next to it how they reach the user in this browser.
 */
export function ReminderControls() {
  const { enabled, reach, error, busy, enable, disable } = useReminders();
  useEffect(() => {
    void refreshReach();
  }, []);
  const impossible = reach === 'unsupported' || reach === 'no-worker';
  return (
    <div className="stack-s reminder-controls" data-testid="reminder-controls">
      <div className="row">
        <button
          type="button"
          className="button"
          disabled={busy || (impossible && !enabled)}
          onClick={() => void (enabled ? disable() : enable())}
        >
          {enabled ? 'Stop notifications' : 'Notify me before subscriptions end'}
        </button>
        {enabled && <span className="ok small">Notifications are on</span>}
      </div>
      <p className="small muted">
        {enabled
          ? '7 days and 1 day before a saved setup’s subscription ends, when it has ended, and when its home goes quiet. '
          : ''}
        {reach && REACH_TEXT[reach]}
      </p>
      {error && (
        <p className="error small" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
