// "Poke the run": the form that intervenes at the cursor and the list of timed actions, as one
// panel. The lab places it in the side column beside the timeline, or, on a narrow screen (one
// column), straight under the timeline, so the run and the ways to change it stay together.

import { InterventionForm } from './InterventionForm';
import { InterventionList } from './InterventionList';

export function PokePanel() {
  return (
    <section className="panel poke-panel" aria-labelledby="intervene-title">
      <h2 id="intervene-title" className="section-title">
        Poke the run
      </h2>
      <InterventionForm />
      <InterventionList />
    </section>
  );
}
