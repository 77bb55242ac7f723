import { type KeepingAnswer, keyKeepingCheck } from '../lib/user-key/key-keeping-check.ts';

/**
 * Beside an option that keeps a key (docs/security.md, "Where keys are kept"): nothing where keys
 * may be kept; while this address is being checked, that the option waits for it; where keys are
 * not kept, why, what the page does instead (`instead`), and after no answer "Try again" (the
 * check asks again, and the note shows it waiting).
 */
export function KeyKeepingNote({
  answer,
  instead,
  testId = 'no-kept-keys',
}: {
  answer: KeepingAnswer;
  /** What happens instead of keeping, in a sentence (the keystore file is downloaded…). */
  instead?: string;
  testId?: string;
}) {
  if (answer.state === 'allowed') return null;
  if (answer.state === 'checking') {
    return (
      <p className="small muted" role="status" data-testid="key-keeping-checking">
        Checking that this address serves nothing but the app before any key is kept in this
        browser…
      </p>
    );
  }
  return (
    <div className="stack-s">
      <p className="small notice-warn" data-testid={testId} data-state={answer.state}>
        {answer.reason}
        {instead ? ` ${instead}` : ''}
      </p>
      {answer.state === 'unanswered' && (
        <button type="button" className="button" onClick={() => void keyKeepingCheck.retry()}>
          Try again
        </button>
      )}
    </div>
  );
}
