// The errors slice: the one message about something that could not be loaded or done. Any slice
// may set it (a refused change says why here); these actions show and dismiss it.

import type { LabActions, LabState } from '../labState';
import type { SetLab } from './types';

export type ErrorsSlice = Pick<LabState, 'error'> & Pick<LabActions, 'showError' | 'dismissError'>;

export function errorsSlice(set: SetLab): ErrorsSlice {
  return {
    error: null,
    showError: (message) => set({ error: message }),
    dismissError: () => set({ error: null }),
  };
}
