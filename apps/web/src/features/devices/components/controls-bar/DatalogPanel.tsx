import { DownloadIcon } from '../../../../components/icons.tsx';
import { downloadFile } from '../../../../lib/files/download-file.ts';
import { asOfText } from '../../../../lib/time/format-date.ts';
import {
  datalogFreshness,
  downloadName,
  type Freshness,
  timeAgo,
} from '../../view/datalog-status.ts';
import type { ControlsBarProps } from './controls-bar-props.ts';
import { type Chip, Panel } from './panel-kit.tsx';

/** What the datalog's chip and panel are made of. */
export type DatalogFacts = Pick<
  ControlsBarProps,
  'ready' | 'live' | 'updated' | 'waitingSince' | 'now' | 'config' | 'states' | 'setupName'
>;

/**
 * How fresh the home's data is (null before the page waits for any), and whether what is shown
 * is the copy kept on this device while live data is awaited.
 */
function datalogStatus({
  ready,
  live,
  updated,
  waitingSince,
  now,
}: Pick<DatalogFacts, 'ready' | 'live' | 'updated' | 'waitingSince' | 'now'>): {
  freshness: Freshness | null;
  kept: boolean;
} {
  return {
    freshness: waitingSince === null ? null : datalogFreshness(updated, waitingSince, now),
    kept: ready && !live && updated !== null,
  };
}

/** The datalog's chip: the kept copy's age, "Datalog" while fresh or awaited, or its staleness. */
export function datalogChip(
  facts: Pick<DatalogFacts, 'ready' | 'live' | 'updated' | 'waitingSince' | 'now'>,
): Chip {
  const { freshness, kept } = datalogStatus(facts);
  const { updated, now } = facts;
  const chip = { name: 'datalog', updated: updated ?? undefined } as const;
  if (kept && updated !== null) {
    const meaning = 'kept on this device, waiting for live data';
    return { ...chip, state: 'busy', label: asOfText(updated, now), meaning };
  }
  const meaning = freshness?.text ?? 'waiting';
  if (freshness?.kind === 'updated') return { ...chip, state: 'ok', label: 'Datalog', meaning };
  if (freshness?.kind === 'stale') {
    return { ...chip, state: 'bad', label: 'Datalog not updated', meaning };
  }
  return { ...chip, state: 'busy', label: 'Datalog', meaning };
}

/** "Config is ready" with its download, or "Config is missing" (the same for the datalog). */
function DownloadRow({
  kind,
  content,
  onSave,
}: {
  kind: 'Config' | 'Datalog';
  content: unknown;
  onSave: (kind: 'Config' | 'Datalog', content: unknown) => void;
}) {
  return (
    <p className="row">
      {content ? (
        <>
          {kind} is ready
          <button type="button" className="button small" onClick={() => onSave(kind, content)}>
            <DownloadIcon width="16" height="16" /> Download {kind.toLowerCase()}
          </button>
        </>
      ) : (
        `${kind} is missing`
      )}
    </p>
  );
}

/** The datalog chip's panel: how fresh the home's data is, and its downloads. */
export function DatalogPanel({
  id,
  hidden,
  ...facts
}: DatalogFacts & { id: string; hidden: boolean }) {
  const { updated, now, config, states, setupName } = facts;
  const { freshness, kept } = datalogStatus(facts);
  const save = (kind: 'Config' | 'Datalog', content: unknown) =>
    downloadFile(
      downloadName(kind, window.location.host, setupName, updated ?? Date.now()),
      JSON.stringify(content, null, 2),
    );
  return (
    <Panel id={id} hidden={hidden} label="Datalog">
      <h2 className="small">Datalog</h2>
      <p
        className="row"
        data-testid="datalog-freshness"
        data-kind={kept ? 'kept' : freshness?.kind}
      >
        {(kept || freshness?.kind === 'trying') && <span className="spinner" aria-hidden="true" />}
        {kept
          ? `As last seen on this device, ${timeAgo(updated!, now).toLowerCase()}: waiting for live data`
          : (freshness?.text ?? 'You need to login first')}
      </p>
      {freshness?.kind === 'stale' && (
        <p className="small">
          Nothing has arrived from your home yet. Check that its Home Assistant is running and
          online, and that the controller is a device of the subscription.
        </p>
      )}
      <DownloadRow kind="Config" content={config} onSave={save} />
      <DownloadRow kind="Datalog" content={states} onSave={save} />
    </Panel>
  );
}
