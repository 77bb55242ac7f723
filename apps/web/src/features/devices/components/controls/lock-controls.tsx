import { supports } from '@robonomics-dapp/robonomics/home-assistant/domains/attributes';
import { LOCK_FEATURES } from '@robonomics-dapp/robonomics/home-assistant/domains/lock';
import { type ControlProps, ServiceButton } from './common.tsx';

/** Locks: one large Lock / Unlock button by state, and Open (unlatch) when supported. */
export function LockControls(props: ControlProps) {
  const { entity } = props;
  const locked = entity.state === 'locked' || entity.state === 'locking';
  return (
    <div className="row">
      {locked ? (
        <ServiceButton props={props} service="unlock" label="Unlock" main />
      ) : (
        <ServiceButton props={props} service="lock" label="Lock" main />
      )}
      {supports(entity.attributes, LOCK_FEATURES.OPEN) && (
        <ServiceButton
          props={props}
          service="open"
          label="Open"
          disabled={entity.state === 'open'}
        />
      )}
    </div>
  );
}
