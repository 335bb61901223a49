// The transport bar: reset, step back, play/pause, step, to the end, a scrubber over the steps,
// speed on a log scale, and where the cursor is. Keyboard shortcuts live in useKeyboard.

import { useActions, useLab } from '../store/context';
import { BASE_RATE, SPEEDS, formatSpeed, type Speed } from '../store/pacing/speed';
import { Icon } from './icons';

/** `label` names the bar where a page has two (the recorded view: one per run). */
export function Transport({ label = 'Playback' }: { label?: string } = {}) {
  const { cursor, last, timeMs, endMs, playing, speed } = useLab((s) => ({
    cursor: s.cursor,
    last: Math.max(0, s.trace.steps.length - 1),
    timeMs: Math.round(s.playheadMs),
    endMs: s.trace.steps.at(-1)?.timeMs ?? 0,
    playing: s.playing,
    speed: s.speed,
  }));
  const a = useActions();
  return (
    <section className="transport" aria-label={label}>
      <TransportButtons cursor={cursor} last={last} playing={playing} />
      <label className="scrubber">
        <span className="visually-hidden">Step</span>
        <input
          type="range"
          min={0}
          max={last}
          step={1}
          value={cursor}
          onChange={(e) => a.seek(Number(e.currentTarget.value))}
          aria-valuetext={`Step ${cursor} of ${last}`}
        />
      </label>
      <p className="position" aria-live="off" data-testid="position">
        <span>
          <span className="position-word">Step </span>
          <strong>{cursor}</strong> / {last}
        </span>
        <span>
          {timeMs} / {endMs} ms
        </span>
      </p>
      <SpeedControl speed={speed} />
    </section>
  );
}

/** Reset, step back, play/pause, step, to the end. */
function TransportButtons({ cursor, last, playing }: { cursor: number; last: number; playing: boolean }) {
  const a = useActions();
  return (
    <div className="transport-buttons">
      <button type="button" onClick={a.reset} aria-label="Reset to the first step" title="Reset (Home)">
        <Icon name="first" />
      </button>
      <button type="button" onClick={a.stepBack} disabled={cursor === 0} aria-label="Step back" title="Step back (←)">
        <Icon name="back" />
      </button>
      <button
        type="button"
        className="play"
        onClick={a.togglePlay}
        aria-label={playing ? 'Pause' : 'Play'}
        title={playing ? 'Pause (space)' : 'Play (space)'}
        disabled={last === 0}
      >
        <Icon name={playing ? 'pause' : 'play'} />
      </button>
      <button
        type="button"
        onClick={a.step}
        disabled={cursor >= last}
        aria-label="Step forward"
        title="Step forward (→)"
      >
        <Icon name="forward" />
      </button>
      <button type="button" onClick={a.toEnd} aria-label="Go to the last step" title="Last step (End)">
        <Icon name="last" />
      </button>
    </div>
  );
}

/** The speed, on a log scale. */
function SpeedControl({ speed }: { speed: Speed }) {
  const a = useActions();
  const speedIndex = SPEEDS.indexOf(speed);
  return (
    <label
      className="speed"
      title={`At 1x, one second of the run takes ${1 / BASE_RATE} seconds to play, so each step can be read.`}
    >
      <span>Speed</span>
      <input
        type="range"
        min={0}
        max={SPEEDS.length - 1}
        step={1}
        value={speedIndex}
        onChange={(e) => a.setSpeed(SPEEDS[Number(e.currentTarget.value)] ?? 1)}
        aria-valuetext={formatSpeed(speed)}
      />
      <output>{formatSpeed(speed)}</output>
    </label>
  );
}
