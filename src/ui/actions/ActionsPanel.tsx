// "Timed actions": the form that adds one at the cursor and the list of the run's actions, as one
// panel. The lab places it in the side column beside the timeline, or, on a narrow screen (one
// column), straight under the timeline, so the run and the ways to change it stay together.

import { AddActionForm } from './AddActionForm';
import { ActionList } from './ActionList';

export function ActionsPanel() {
  return (
    <section className="panel actions-panel" aria-labelledby="actions-title">
      <h2 id="actions-title" className="section-title">
        Timed actions
      </h2>
      <AddActionForm />
      <ActionList />
    </section>
  );
}
