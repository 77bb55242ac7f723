import {
  supports,
  textAttribute,
} from '@robonomics-dapp/robonomics/home-assistant/domains/attributes';
import { UPDATE_FEATURES } from '@robonomics-dapp/robonomics/home-assistant/domains/update';
import { type ControlProps, Fact, ServiceButton } from './common.tsx';

/** Update entities: the installed and latest versions; Install and Skip when one is offered. */
export function UpdateControls(props: ControlProps) {
  const { entity } = props;
  const a = entity.attributes;
  const installed = textAttribute(a.installed_version);
  const latest = textAttribute(a.latest_version);
  const inProgress = a.in_progress === true || a.in_progress === 'True';
  const offered = entity.state === 'on' && latest !== undefined && latest !== installed;
  return (
    <div className="stack-s">
      <dl className="facts small">
        <Fact label="Installed">{installed ?? '—'}</Fact>
        <Fact label="Latest">{latest ?? '—'}</Fact>
      </dl>
      {inProgress && (
        <p className="small loading" role="status">
          Installing
        </p>
      )}
      {offered && !inProgress && (
        <div className="row">
          {supports(a, UPDATE_FEATURES.INSTALL) && (
            <ServiceButton props={props} service="install" label="Install" main />
          )}
          {a.auto_update !== true && <ServiceButton props={props} service="skip" label="Skip" />}
        </div>
      )}
    </div>
  );
}
