import { DownloadIcon } from '../../../../components/icons.tsx';
import { downloadFile } from '../../../../lib/files/download-file.ts';
import { downloadName, type Freshness, timeAgo } from '../../view/datalog-status.ts';
import type { ControlsBarProps } from './controls-bar-props.ts';
import { Panel } from './panel-kit.tsx';

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
  freshness,
  kept,
  updated,
  now,
  config,
  states,
  setupName,
  id,
  hidden,
}: ControlsBarProps & { freshness: Freshness | null; kept: boolean; id: string; hidden: boolean }) {
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
