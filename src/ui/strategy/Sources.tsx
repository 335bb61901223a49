// Where a system's model comes from, for an engineer to check: its sources as links, and the real
// server its runs were recorded on. An engineer choosing a lock found no source anywhere in the lab,
// and no way to tell a recorded system's row from one modelled from documents alone.

import { Fragment } from 'react';
import type { StrategyAbout } from '../../engine';

/** The sources open in a new tab: the lab (and a lesson in it) stays where it was. */
export function Sources({ about }: { about: Pick<StrategyAbout, 'sources' | 'recordedOn' | 'disputed'> }) {
  if (about.sources.length === 0 && !about.recordedOn) return null;
  return (
    <>
      {/* What the system's own authors answer to the model (Redlock's), beside where it comes from:
          an engineer read Redlock from its critics' side only. */}
      {about.disputed && (
        <p className="hint">
          <strong>Disputed:</strong> {about.disputed}
        </p>
      )}
      <p className="hint sources">
        {about.recordedOn && (
          <>
            <strong>Checked against</strong> a real {about.recordedOn}: <a href="#recordings">its recorded runs</a>
            .{' '}
          </>
        )}
        {about.sources.length > 0 && (
          <>
            <strong>Sources:</strong>{' '}
            {about.sources.map((source, i) => (
              <Fragment key={source.title}>
                {i > 0 && '; '}
                {source.url ? (
                  <a href={source.url} target="_blank" rel="noreferrer">
                    {source.title}
                  </a>
                ) : (
                  <cite>{source.title}</cite>
                )}
              </Fragment>
            ))}
            .
          </>
        )}
      </p>
    </>
  );
}
