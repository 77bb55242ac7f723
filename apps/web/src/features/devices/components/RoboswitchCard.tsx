import { roboswitchParts } from '../view/device-cards.ts';
import { type DeviceCardView, isUnavailable } from '../view/device-groups.ts';
import { DeviceTitle, ExtendedEntities, type RenderEntity } from './DeviceCard.tsx';

function Reading({
  label,
  entity,
  unit,
}: {
  label: string;
  entity?: { state: string };
  unit: string;
}) {
  const value = entity && !isUnavailable(entity.state) ? `${entity.state} ${unit}` : '—';
  return (
    <div>
      <dt className="small muted">{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * The Robonomics 1-gang switch: power, voltage and current at a glance and its relay (the
 * switch entity's card, which toggles it); its other entities under "Extended".
 */
export function RoboswitchCard({
  card,
  renderEntity,
}: {
  card: DeviceCardView;
  renderEntity: RenderEntity;
}) {
  const parts = roboswitchParts(card.device.entities);
  return (
    <article
      className="device-card roboswitch stack-s"
      data-device={card.device.id}
      aria-label={card.device.name}
    >
      <DeviceTitle card={{ ...card, showTitle: true }} />
      <dl className="readings">
        <Reading label="Power" entity={parts.power} unit="W" />
        <Reading label="Voltage" entity={parts.voltage} unit="V" />
        <Reading label="Current" entity={parts.current} unit="A" />
      </dl>
      {parts.relay && renderEntity(parts.relay)}
      <ExtendedEntities
        entities={card.device.entities.filter((e) => e !== parts.relay)}
        renderEntity={renderEntity}
      />
    </article>
  );
}
