// One party's card: its machine state, its data, and what changed at this step (highlighted and
// announced in words, not by colour alone). A client's card sets its belief beside the record of
// the lock service (or quorum) that granted it; a resource's card shows max_seen large.

import type { PartyCardModel } from './partyModel';

const KIND_WORDS: Record<PartyCardModel['kind'], string> = {
  lock: 'lock service',
  client: 'client',
  resource: 'resource',
  mailer: 'outside the fence',
};

export function PartyCard({ card }: { card: PartyCardModel }) {
  const flags = [card.paused && 'paused', card.down && 'down'].filter(Boolean).join(', ');
  return (
    <article className={`card card-${card.kind}`} aria-labelledby={`card-${card.id}`}>
      <header className="card-head">
        <h3 id={`card-${card.id}`}>{card.label}</h3>
        <span className="card-kind">{KIND_WORDS[card.kind]}</span>
      </header>
      <p className={`card-state${card.stateChanged ? ' changed' : ''}`}>
        <span className="visually-hidden">State: </span>
        <span className="state-name">{card.state}</span>
        {flags && <span className={`badge badge-${card.down ? 'down' : 'paused'}`}>{flags}</span>}
        {card.lease?.zombie && (
          <span className="badge badge-zombie" title={`Zombie: ${card.lease.zombieWhy}.`}>
            zombie<span className="visually-hidden">: {card.lease.zombieWhy}</span>
          </span>
        )}
        {card.stateChanged && <span className="visually-hidden"> (changed at this step)</span>}
      </p>
      {card.maxSeen && (
        <p className={`max-seen${card.maxSeen.changed ? ' changed' : ''}`}>
          <span className="max-seen-label">max_seen{card.maxSeen.checks ? '' : ' (unchecked)'}</span>
          <span className="max-seen-value" data-testid={`max-seen-${card.id}`}>
            {card.maxSeen.value}
          </span>
          {card.maxSeen.changed && <span className="visually-hidden"> (changed at this step)</span>}
        </p>
      )}
      {card.lease && (
        <dl className={`lease-views${card.lease.zombie ? ' zombie' : ''}`}>
          <div className={card.lease.changed ? 'changed' : undefined}>
            <dt>It believes it</dt>
            <dd>{card.lease.believes}</dd>
          </div>
          <div>
            <dt>{card.lease.authority}</dt>
            <dd>{card.lease.service}</dd>
          </div>
        </dl>
      )}
      <dl className="fields">
        {card.rows.map((row) => (
          <div key={row.key} className={row.changed ? 'changed' : undefined}>
            <dt>{row.label}</dt>
            <dd>
              {row.value}
              {row.changed && <span className="visually-hidden"> (changed at this step)</span>}
            </dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
