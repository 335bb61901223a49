// The card row: every party's state at the cursor. Selects the trace and the cursor only.

import { useMemo } from 'react';
import { useLab, useLabStore } from '../store/context';
import { usePacedCursor } from '../store/paced';
import { PartyCard } from './PartyCard';
import { partyCards } from './partyModel';

export function PartyCards() {
  const trace = useLab((s) => s.trace);
  // Paced: follows the cursor a few times a second while playing (see store/paced.ts).
  const cursor = usePacedCursor(useLabStore(), 'cards');
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
