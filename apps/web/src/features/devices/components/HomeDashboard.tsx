import type { HaConfig } from '@robonomics-dapp/robonomics/home-assistant/config';
import type { HaStates } from '@robonomics-dapp/robonomics/home-assistant/states';
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Tabs } from '../../../components/Tabs.tsx';
import { afterNextPaint } from '../../../lib/shell/after-next-paint.ts';
import { safeStorage } from '../../../lib/storage/safe-storage.ts';
import { markHome } from '../first-paint/home-marks.ts';
import {
  columnsForWidth,
  type DeviceCardView,
  type EntityView,
  groupDevices,
  MASONRY_GAP_PX,
  MASONRY_ROW_PX,
  rowSpan,
} from '../view/device-groups.ts';
import { AltruistCard } from './AltruistCard.tsx';
import { DeviceCard } from './DeviceCard.tsx';
import { EntityCard, type Send } from './EntityCard.tsx';
import { RoboswitchCard } from './RoboswitchCard.tsx';
import './devices.css';

const VIEW_KEY = 'robonomics-dapp.devices-view.v1';

/** The number of masonry columns for the window's width, following resizes. */
function useColumnCount(): number {
  const [count, setCount] = useState(() => columnsForWidth(window.innerWidth));
  useEffect(() => {
    const onResize = () => setCount(columnsForWidth(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return count;
}

/**
 * A card in the masonry grid: it spans the rows its measured height needs, so the document
 * (and reading, and keyboard) order stays the devices' sort order.
 */
function MasonryItem({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [span, setSpan] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setSpan(rowSpan(element.getBoundingClientRect().height));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      className="masonry-item"
      style={span ? { gridRowEnd: `span ${span}` } : undefined}
    >
      {children}
    </div>
  );
}

/**
 * One sender per entity, the same function from render to render (while `send` is the same), so
 * an entity card whose entity and status did not change is not drawn again (EntityCard is memo).
 */
function useSenders(send: (entityId: string, domain: string) => Send) {
  const kept = useRef<{ send: typeof send; byEntity: Map<string, Send> } | null>(null);
  if (kept.current?.send !== send) kept.current = { send, byEntity: new Map() };
  const { byEntity } = kept.current;
  return (entityId: string, domain: string): Send => {
    let sender = byEntity.get(entityId);
    if (!sender) {
      sender = send(entityId, domain);
      byEntity.set(entityId, sender);
    }
    return sender;
  };
}

/**
 * The cards of the tab shown, in an order that holds while the tab stays shown: the tab's sort
 * (docs/product-rules.md) when it is first shown, then updates (the kept home going live, new
 * states) change the cards but never move them under the user's finger; a device that appears
 * is added at the end. Another tab, or the same one shown again, is sorted afresh.
 */
function useSteadyOrder(tab: string, cards: DeviceCardView[]): DeviceCardView[] {
  const kept = useRef<{ tab: string; order: string[] } | null>(null);
  const ids = cards.map((c) => c.device.id);
  if (kept.current?.tab !== tab) kept.current = { tab, order: ids };
  const order = kept.current.order;
  const known = new Set(order);
  const added = ids.filter((id) => !known.has(id));
  if (added.length > 0) kept.current.order = [...order, ...added];
  const byId = new Map(cards.map((c) => [c.device.id, c]));
  return kept.current.order.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The home like Home Assistant shows it: device cards by category (a device in every category
 * it matches, its other entities under "Extended") or by area, in masonry columns. One row of
 * navigation sits above them: the groups, then the sort choice, scrolling sideways when they do
 * not fit. `live` is false
 * while the states are the copy kept on this device.
 */
export default function HomeDashboard({
  states,
  config,
  live,
  send,
  statusOf,
}: {
  states: HaStates;
  config: HaConfig | null;
  live: boolean;
  send: (entityId: string, domain: string) => Send;
  statusOf: (entityId: string) => string | undefined;
}) {
  const [by, setBy] = useState<'category' | 'area'>(
    safeStorage.get(VIEW_KEY) === 'area' ? 'area' : 'category',
  );
  const groups = useMemo(() => groupDevices(states, by), [states, by]);
  const [tab, setTab] = useState<string | null>(null);
  const columnCount = useColumnCount();
  const current = groups.find((g) => g.title === tab) ?? groups[0];
  const cards = useSteadyOrder(`${by}/${current?.title ?? ''}`, current?.cards ?? []);
  const hasCards = cards.length > 0;
  useEffect(() => {
    if (!hasCards) return;
    afterNextPaint(() => markHome('first-card'));
  }, [hasCards]);
  useEffect(() => {
    if (hasCards && live) afterNextPaint(() => markHome('live-card'));
  }, [hasCards, live]);
  const senders = useSenders(send);
  if (!current) return <p>The controller reports no entities.</p>;

  const renderEntity = (entity: EntityView) => (
    <EntityCard
      key={entity.id}
      entity={entity}
      config={config}
      send={senders(entity.id, entity.domain)}
      status={statusOf(entity.id)}
    />
  );
  const renderCard = (card: DeviceCardView) => {
    const Card =
      card.device.kind === 'altruist'
        ? AltruistCard
        : card.device.kind === 'roboswitch'
          ? RoboswitchCard
          : DeviceCard;
    // Keyed by tab too: another tab shows the device afresh, its Extended folded again.
    return (
      <MasonryItem key={`${current.title}/${card.device.id}`}>
        <Card card={card} renderEntity={renderEntity} />
      </MasonryItem>
    );
  };
  return (
    <section className="stack home" aria-label="Home" data-live={live}>
      <div className="home-nav">
        <Tabs
          label="Groups"
          value={current.title}
          onChange={setTab}
          options={groups.map((g) => ({ id: g.title, label: `${g.title} (${g.cards.length})` }))}
        />
        <Tabs
          label="Sort by"
          value={by}
          onChange={(v) => {
            setBy(v);
            setTab(null);
            safeStorage.set(VIEW_KEY, v);
          }}
          options={[
            { id: 'category', label: 'Category' },
            { id: 'area', label: 'Area' },
          ]}
        />
      </div>
      <div
        className="device-columns"
        data-columns={columnCount}
        style={{
          gridTemplateColumns: `repeat(${columnCount}, minmax(0, 1fr))`,
          gridAutoRows: `${MASONRY_ROW_PX}px`,
          gap: `${MASONRY_GAP_PX}px`,
        }}
      >
        {cards.map(renderCard)}
      </div>
    </section>
  );
}
