// The timeline's public surface: the component the app composes, and its props.
export { Timeline, type TimelineProps } from './Timeline';
