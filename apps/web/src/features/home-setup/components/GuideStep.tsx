import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { CheckIcon } from '../../../components/icons.tsx';
import type { GuideStepId, GuideStepState } from '../guide-steps.ts';

const STATE_TEXT: Record<GuideStepState, string> = {
  done: 'Done',
  current: 'Now',
  waiting: 'Waiting',
  todo: 'Later',
};

/**
 * One step of the guided setup: its number (or a check once done), title and state, a line on
 * what is true now, the step's own controls while it is the one to do, and the full page that
 * does more.
 */
export function GuideStep({
  id,
  number,
  state,
  title,
  summary,
  more,
  children,
}: {
  id: GuideStepId;
  number: number;
  state: GuideStepState;
  title: string;
  /** What holds now, shown in every state. */
  summary?: ReactNode;
  /** The full page for this step. */
  more?: { to: string; label: string };
  /** The step's controls, shown while it is current or waiting. */
  children?: ReactNode;
}) {
  const titleId = useId();
  const open = state === 'current' || state === 'waiting';
  return (
    <li
      className={`guide-step guide-${state}`}
      data-step={id}
      data-state={state}
      aria-labelledby={titleId}
      aria-current={open ? 'step' : undefined}
    >
      <div className="guide-step-head">
        <span className="guide-mark" aria-hidden="true">
          {state === 'done' ? <CheckIcon /> : number}
        </span>
        <h2 id={titleId}>{title}</h2>
        <span className="guide-state small" data-testid={`step-state-${id}`}>
          {STATE_TEXT[state]}
        </span>
      </div>
      <div className="guide-step-body stack-s">
        {summary && <div className="small">{summary}</div>}
        {open && children}
        {more && (
          <p className="small">
            <Link to={more.to}>{more.label}</Link>
          </p>
        )}
      </div>
    </li>
  );
}
