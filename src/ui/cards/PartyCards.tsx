// The card row: every party's state at the cursor. Selects the trace and the cursor only.

import { useMemo } from 'react';
import { useElementWidth } from '../hooks/useElementWidth';
import { useLabStore } from '../store/context';
import { useShownTrace } from '../store/shown';
import { usePacedCursor } from '../store/pacing/paced';
import { cardColumns } from './columns';
import { PartyCard } from './PartyCard';
import { partyCards } from './partyModel';

export function PartyCards() {
  const { trace } = useShownTrace();
  // Paced: follows the cursor a few times a second while playing (see store/pacing/paced.ts); never past
  // the run so far when the future is hidden.
  const cursor = Math.min(usePacedCursor(useLabStore(), 'cards'), trace.steps.length - 1);
  const cards = useMemo(() => partyCards(trace, cursor), [trace, cursor]);
  const [gridRef, width] = useElementWidth<HTMLDivElement>();
  // Until the grid is measured, the stylesheet's auto-fit columns stand in.
  const columns =
    width > 0 ? { gridTemplateColumns: `repeat(${cardColumns(cards.length, width)}, minmax(0, 1fr))` } : {};
  return (
    <section className="cards" aria-labelledby="cards-title" data-step={cursor}>
      {/* The key beside the heading, not in it, so the heading's name is only its title. */}
      <div className="section-head">
        <h2 id="cards-title" className="section-title">
          Parties at this step
        </h2>
        <p className="hint">highlighted: changed at this step</p>
      </div>
      <div className="card-grid" ref={gridRef} style={columns}>
        {cards.map((card) => (
          <PartyCard key={card.id} card={card} />
        ))}
      </div>
    </section>
  );
}
