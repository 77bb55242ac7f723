import { toYaml } from '../../view/yaml-view.ts';
import { type ControlProps, offers, PowerSwitch, ServiceButton } from './common.tsx';
import { LastRun } from './run-controls.tsx';

/** Automations: the on/off switch, running its actions now, when it last ran, its YAML. */
export function AutomationControls(props: ControlProps) {
  const { entity } = props;
  return (
    <div className="stack-s">
      <div className="row">
        {(offers(props, 'turn_on') || offers(props, 'turn_off')) && (
          <PowerSwitch props={props} on={entity.state === 'on'} />
        )}
        <ServiceButton props={props} service="trigger" label="Run actions" />
      </div>
      <LastRun value={entity.attributes.last_triggered} />
      <details className="yaml">
        <summary className="small">YAML</summary>
        <pre className="small mono">{toYaml(entity.attributes)}</pre>
      </details>
    </div>
  );
}
