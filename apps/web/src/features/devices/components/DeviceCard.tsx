import type { ReactNode } from 'react';
import type { DeviceCardView, EntityView } from '../view/device-groups.ts';

/** Renders one entity of a device (an EntityCard with its controls and command status). */
export type RenderEntity = (entity: EntityView) => ReactNode;

/** Model and maker under the device's name, when Home Assistant knows them. */
function deviceSubtitle(card: DeviceCardView): string {
  const { model, manufacturer } = card.device;
  return [manufacturer, model].filter(Boolean).join(' · ');
}

/** The title of a device card: hidden for light and weather devices and lone entities. */
export function DeviceTitle({ card }: { card: DeviceCardView }) {
  const lone = card.device.entities.length === 1 && card.device.name === card.main[0]?.name;
  if (!card.showTitle || lone) return null;
  const subtitle = deviceSubtitle(card);
  return (
    <header className="device-title">
      <h3>{card.device.name}</h3>
      {subtitle && <p className="small muted">{subtitle}</p>}
    </header>
  );
}

/** The device's entities of other categories, folded. */
export function ExtendedEntities({
  entities,
  renderEntity,
}: {
  entities: EntityView[];
  renderEntity: RenderEntity;
}) {
  if (entities.length === 0) return null;
  return (
    <details className="device-extended">
      <summary>Extended ({entities.length})</summary>
      <div className="stack-s">{entities.map(renderEntity)}</div>
    </details>
  );
}

/**
 * A Home Assistant device: its name (unless the light or weather card names itself), the
 * entities of the current tab, then the others under "Extended".
 */
export function DeviceCard({
  card,
  renderEntity,
}: {
  card: DeviceCardView;
  renderEntity: RenderEntity;
}) {
  return (
    <article
      className="device-card stack-s"
      data-device={card.device.id}
      aria-label={card.device.name}
    >
      <DeviceTitle card={card} />
      {card.main.map(renderEntity)}
      <ExtendedEntities entities={card.extended} renderEntity={renderEntity} />
    </article>
  );
}
