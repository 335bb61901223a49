// What every slice of the lab store is written against: the whole store's state and actions, and
// zustand's set and get for it. A slice reads the whole state but owns only its own fields.

import type { StoreApi } from 'zustand/vanilla';
import type { LabActions, LabState } from '../labState';

export type Lab = LabState & LabActions;
export type SetLab = StoreApi<Lab>['setState'];
export type GetLab = StoreApi<Lab>['getState'];
