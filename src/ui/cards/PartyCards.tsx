// The card row: every party's state at the cursor. Selects the trace and the cursor only.

import { useDeferredValue, useMemo } from 'react';
import { useLab } from '../store/context';
import { PartyCard } from './PartyCard';
import { partyCards } from './partyModel';

export function PartyCards() {
  const { trace, cursor: liveCursor } = useLab((s) => ({ trace: s.trace, cursor: s.cursor }));
  // Deferred: while playing fast, the cards may lag a frame behind rather than slow the frame.
  const cursor = useDeferredValue(liveCursor);
  const cards = useMemo(() => partyCards(trace, cursor), [trace, cursor]);
  return (
    <section className="cards" aria-labelledby="cards-title" data-step={cursor}>
      <h2 id="cards-title" className="section-title">
        Parties at this step <span className="hint">highlighted: changed at this step</span>
      </h2>
      <div className="card-grid">
        {cards.map((card) => (
          <PartyCard key={card.id} card={card} />
        ))}
      </div>
    </section>
  );
}
