import { textAttribute } from '@robonomics-dapp/robonomics/home-assistant/domains/attributes';
import { parseHaDate } from '@robonomics-dapp/robonomics/home-assistant/states';
import { formatDateTime } from '../../../../lib/time/format-date.ts';
import { type ControlProps, ServiceButton } from './common.tsx';

/** When a script or automation last ran, from `last_triggered`. */
export function LastRun({ value }: { value: unknown }) {
  const text = textAttribute(value);
  const time = text ? parseHaDate(text) : undefined;
  return (
    <p className="small muted" data-testid="last-triggered" data-value={text ?? ''}>
      Last run: {time === undefined ? 'never' : formatDateTime(time)}
    </p>
  );
}

/** Scripts run, scenes are activated and buttons pressed with one large button. */
export function RunControls(props: ControlProps) {
  const { entity } = props;
  switch (entity.domain) {
    case 'script':
      return (
        <div className="stack-s">
          <div className="row">
            <ServiceButton props={props} service="turn_on" label="Run" main />
            {entity.state === 'on' && (
              <ServiceButton props={props} service="turn_off" label="Stop" />
            )}
          </div>
          <LastRun value={entity.attributes.last_triggered} />
        </div>
      );
    case 'scene':
      return <ServiceButton props={props} service="turn_on" label="Activate" main />;
    default:
      return <ServiceButton props={props} service="press" label="Press" main />;
  }
}
