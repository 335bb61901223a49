// The lab's door to the "Real servers" view: a link-like button under the brand. Only the small route store is
// imported here; the view itself loads when the button is first pressed.

import { recordedRoute } from './route';

export function RecordedEntry() {
  return (
    <button
      type="button"
      className="link recorded-entry"
      onClick={() => recordedRoute.getState().show('etcd-race')}
      title="The same race recorded against real etcd, ZooKeeper and Redis, beside the lab's model of it"
    >
      Real servers
    </button>
  );
}
