// The pitfall knobs: where tokens come from, how the resource compares them, the lease length,
// Redlock's retry policy, whether max_seen survives a restart, a second store that does not
// check, a side effect outside the fence, and the seed. Each change recomputes the trace and keeps
// the cursor's time.

import { useId, useState } from 'react';
import {
  LIMITS,
  DEFAULT_STOP_POLICY,
  RETRY_KNOBS,
  STOP_POLICIES,
  heartbeatEveryMs,
  renewEveryMsOf,
  checkBlock,
  choicesOf,
  clientIds,
  aboutStrategy,
  findStrategy,
  lockDelayOf,
  retryChoiceOf,
  retryPolicyFor,
  retryPolicyWords,
  type CheckMode,
  type Knobs,
  type RetryChoice,
  type RetryPolicy,
  type StopPolicy,
  type StrategyDef,
  type TokenSource,
} from '../../engine';
import { BLOCKED_SHORT, BLOCKED_WORDS, TakeoverField } from './TakeoverField';
import { formatNumber } from '../format/number';
import { useActions, useLab } from '../store/context';
import {
  CHECKS,
  GRACE_FACTORS,
  checksDefaultFirst,
  RETRY_FIELD_LABELS,
  STOP_POLICY_WORDS,
  retryHint,
  tokenSourcesFor,
} from './knobText';

/** The grace factors offered, with a file's own value among them if it is none of the usual ones. */
function graceChoices(current: number): { value: number; label: string }[] {
  if (GRACE_FACTORS.some((g) => g.value === current)) return GRACE_FACTORS;
  return [...GRACE_FACTORS, { value: current, label: `${current} times as long` }];
}

/** Why `text` is not a whole number from min to max, or null if it is one. */
function wholeNumberProblem(text: string, min: number, max: number): string | null {
  const n = Number(text);
  if (text.trim() !== '' && Number.isInteger(n) && n >= min && n <= max) return null;
  return `Enter a whole number from ${formatNumber(min)} to ${formatNumber(max)}.`;
}

/**
 * A whole-number field that commits on Enter or when it loses focus. A value it cannot take stays
 * in the field with a message beside it (the run is not changed); Escape puts the current value back.
 */
function NumberField({
  label,
  value,
  onCommit,
  min,
  max,
  overMax,
}: {
  label: string;
  value: number;
  onCommit(n: number): void;
  min: number;
  max: number;
  /** What to say of a whole number above `max`, where that has a reason of its own. */
  overMax?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const tooLarge = overMax !== undefined && draft !== null && Number.isInteger(Number(draft)) && Number(draft) > max;
  const problem = draft === null ? null : tooLarge ? overMax : wholeNumberProblem(draft, min, max);
  const commit = () => {
    if (draft === null || problem) return;
    const n = Number(draft);
    setDraft(null);
    if (n !== value) onCommit(n);
  };
  return (
    <div className="field inline">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        min={min}
        max={max}
        step={1}
        value={draft ?? String(value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') setDraft(null);
        }}
      />
      {problem && (
        <p id={`${id}-problem`} className="field-problem">
          {problem} The run still uses {formatNumber(value)}; Escape puts it back.
        </p>
      )}
    </div>
  );
}

/** Each client's stop policy, with `client` set to `policy`; the strategy's default (`fallback`,
 * `lost` unless it says otherwise) is left out. */
export function withStopPolicy(
  current: Knobs['stopActing'],
  client: string,
  policy: StopPolicy,
  fallback: StopPolicy = DEFAULT_STOP_POLICY,
): Knobs['stopActing'] | undefined {
  const next = { ...current };
  if (policy === fallback) delete next[client];
  else next[client] = policy;
  return Object.keys(next).length > 0 ? next : undefined;
}

/** When each client's application stops acting on the lock: one choice per client, where the
 * strategy has stop policies at all. */
function StopPolicies({ clients, knobs, strategy }: { clients: string[]; knobs: Knobs; strategy?: StrategyDef }) {
  const { setKnob } = useActions();
  const fallback = strategy?.defaultStopPolicy ?? DEFAULT_STOP_POLICY;
  const id = useId();
  const chosen = clients.map((client) => knobs.stopActing?.[client] ?? fallback);
  // One hint per distinct choice, naming the clients that made it, so none is said twice.
  const hints = [...new Set(chosen)].map((p) => ({
    who: clients.filter((_, i) => chosen[i] === p).join(', '),
    text: STOP_POLICY_WORDS[p].explain,
  }));
  if (strategy?.hasStopPolicy === false) return null;
  return (
    <fieldset className="stop-policies">
      <legend>When does each client stop acting on the lock?</legend>
      {clients.map((client, i) => (
        <div className="field inline" key={client}>
          <label htmlFor={`${id}-${client}`}>{client}</label>
          <select
            id={`${id}-${client}`}
            value={chosen[i]}
            onChange={(e) =>
              setKnob(
                'stopActing',
                withStopPolicy(knobs.stopActing, client, e.currentTarget.value as StopPolicy, fallback),
              )
            }
          >
            {STOP_POLICIES.map((p) => (
              <option key={p} value={p}>
                {STOP_POLICY_WORDS[p].label}
                {p === fallback ? ' (default)' : ''}
              </option>
            ))}
          </select>
        </div>
      ))}
      {hints.map((h) => (
        <p className="hint" key={h.who}>
          <strong>{h.who}:</strong> {h.text}
        </p>
      ))}
    </fieldset>
  );
}

/** The knob overrides for `choice`: none where it is the strategy's default, so a scenario that
 * keeps the default stays as it was. */
export function retryOverrides(choice: RetryPolicy, defaults: Readonly<RetryPolicy>): Partial<RetryPolicy> {
  const same = RETRY_KNOBS.every((k) => choice[k] === defaults[k]);
  return Object.fromEntries(RETRY_KNOBS.map((k) => [k, same ? undefined : choice[k]]));
}

const CUSTOM = 'custom';

/**
 * Redlock's retry policy: a client library's defaults, or numbers of one's own, and what they add
 * up to beside the key's TTL. A client that gives up too soon leaves a zombie nobody overwrites.
 */
function RetryPolicyFields({
  retry,
  policy,
  ttlMs,
}: {
  retry: NonNullable<StrategyDef['retry']>;
  policy: RetryPolicy;
  ttlMs: number;
}) {
  const { setKnob, setKnobs } = useActions();
  const id = useId();
  const chosen: RetryChoice | undefined = retryChoiceOf(retry.choices, policy);
  const isDefault = (c: RetryPolicy) => RETRY_KNOBS.every((k) => c[k] === retry.defaults[k]);
  const limits = { retryCount: LIMITS.retryCount, retryDelayMs: LIMITS.retryWaitMs, retryJitterMs: LIMITS.retryWaitMs };
  return (
    <fieldset className="retry-policy">
      <legend>How often does a client try again for a taken lock?</legend>
      <div className="field">
        <label htmlFor={`${id}-library`}>Retry policy</label>
        <select
          id={`${id}-library`}
          value={chosen?.id ?? CUSTOM}
          onChange={(e) => {
            const choice = retry.choices.find((c) => c.id === e.currentTarget.value);
            if (choice) setKnobs(retryOverrides(choice, retry.defaults), `the retry policy of ${choice.label}`);
          }}
        >
          {retry.choices.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}: {retryPolicyWords(c)}
              {isDefault(c) ? ' (default)' : ''}
            </option>
          ))}
          {!chosen && <option value={CUSTOM}>Your own: {retryPolicyWords(policy)}</option>}
        </select>
        {chosen && <p className="hint">{chosen.source}</p>}
      </div>
      {RETRY_KNOBS.map((k) => (
        <NumberField
          key={k}
          label={RETRY_FIELD_LABELS[k]}
          value={policy[k]}
          min={0}
          max={limits[k]}
          onCommit={(n) => setKnob(k, n)}
        />
      ))}
      <p className="hint">{retryHint(policy, ttlMs)}</p>
    </fieldset>
  );
}

export function KnobPicker() {
  const { knobs, overrides, strategyId, seed, clientCount } = useLab((s) => ({
    knobs: s.trace.knobs,
    overrides: s.scenario.knobs,
    strategyId: s.scenario.strategy,
    seed: s.scenario.seed,
    clientCount: s.scenario.clients,
  }));
  const { setKnob, setSeed, resetKnobs } = useActions();
  const id = useId();
  const strategy = findStrategy(strategyId);
  const defaults = strategy?.defaults;
  // Only the values this strategy models are offered (Redlock's token is always a random value);
  // anything else would only be refused with an error.
  const choices = strategy ? choicesOf(strategy) : null;
  const words = tokenSourcesFor(aboutStrategy(strategyId));
  const sources = words.filter((t) => !choices || choices.tokenSource.includes(t.value));
  const checks = offeredChecks(checksDefaultFirst(choices?.check, defaults?.check), strategy, knobs);
  // What the check chosen means, then why a greyed one cannot be chosen.
  const checkExplain = [CHECKS.find((c) => c.value === knobs.check)?.explain, checks.find((c) => c.disabled)?.why];
  const source = words.find((t) => t.value === knobs.tokenSource);
  // Each system names its lease in its own terms; one with no lease (QJM's epochs) hides the knob.
  const leaseLabel = strategy?.leaseKnob === undefined ? 'Lease length (ms)' : strategy.leaseKnob;

  return (
    <fieldset className="knobs">
      <legend>Knobs and pitfalls</legend>
      <ChoiceField
        id={`${id}-source`}
        label="Token source"
        value={knobs.tokenSource}
        choices={sources}
        defaultValue={defaults?.tokenSource}
        explain={source?.explain}
        onPick={(value) => setKnob('tokenSource', value as TokenSource)}
      />
      <ChoiceField
        id={`${id}-check`}
        label="Resource check"
        value={knobs.check}
        choices={checks}
        defaultValue={defaults?.check}
        explain={checkExplain.filter(Boolean).join(' ')}
        onPick={(value) => setKnob('check', value as CheckMode)}
      />
      {leaseLabel !== null ? (
        <NumberField
          label={leaseLabel}
          value={knobs.leaseTtlMs}
          min={LIMITS.leaseTtlMs.min}
          max={LIMITS.leaseTtlMs.max}
          onCommit={(n) => setKnob('leaseTtlMs', n)}
        />
      ) : (
        <p className="hint">
          No lease here: a writer keeps its epoch until a newer one is promised.
          {overrides.leaseTtlMs !== undefined &&
            ` The lease length you set (${formatNumber(overrides.leaseTtlMs)} ms) applies again under the other systems.`}
        </p>
      )}
      {strategy?.lockDelay && (
        <NumberField
          label="Lock-delay (ms)"
          value={lockDelayOf(strategy, knobs)}
          min={0}
          max={LIMITS.leaseTtlMs.max}
          onCommit={(n) => setKnob('lockDelayMs', n)}
        />
      )}
      {strategy?.hasRenewalKnobs && <RenewalFields id={id} knobs={knobs} strategy={strategy} />}
      {strategy?.retry && (
        <RetryPolicyFields retry={strategy.retry} policy={retryPolicyFor(strategy, knobs)!} ttlMs={knobs.leaseTtlMs} />
      )}
      <StopPolicies clients={clientIds(clientCount)} knobs={knobs} strategy={strategy} />
      {strategy && <TakeoverField knobs={knobs} strategy={strategy} />}
      <StoreChecks knobs={knobs} />
      <NumberField label="Seed (network timing)" value={seed} min={0} max={0xffffffff} onCommit={setSeed} />
      {Object.keys(overrides).length > 0 && (
        <button type="button" onClick={resetKnobs}>
          Back to the strategy’s defaults
        </button>
      )}
    </fieldset>
  );
}

interface ChoiceFieldProps {
  id: string;
  label: string;
  value: string;
  /** What is offered: one choice alone is shown, not offered; a `disabled` one is shown greyed. */
  choices: readonly { value: string; label: string; disabled?: boolean }[];
  /** The strategy's own choice, marked "(default)". */
  defaultValue: string | undefined;
  /** What the value chosen means. */
  explain: string | undefined;
  onPick: (value: string) => void;
}

/** A knob picked from a list: the token source, the resource's check. */
function ChoiceField({ id, label, value, choices, defaultValue, explain, onPick }: ChoiceFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} disabled={choices.length < 2} onChange={(e) => onPick(e.currentTarget.value)}>
        {choices.map((c) => (
          <option key={c.value} value={c.value} disabled={c.disabled}>
            {c.label}
            {defaultValue === c.value ? ' (default)' : ''}
          </option>
        ))}
      </select>
      {explain && <p className="hint">{explain}</p>}
    </div>
  );
}

/**
 * The checks a picker lists for a run of `strategy` with knobs `knobs`: one that cannot run there
 * (engine's checkBlock) is dropped where the system itself forbids it, else kept greyed, its short
 * reason after its name and `why` saying in full what to change.
 */
function offeredChecks(
  checks: readonly { value: CheckMode; label: string }[],
  strategy: StrategyDef | undefined,
  knobs: Knobs,
): { value: CheckMode; label: string; disabled?: boolean; why?: string }[] {
  if (!strategy) return [...checks];
  return checks.flatMap((c) => {
    const block = c.value === knobs.check ? null : checkBlock(strategy, knobs, c.value);
    if (block === null) return [c];
    if (block.knob === 'strategy') return [];
    const why = `“${c.label}” ${BLOCKED_WORDS[block.knob].replace(/^It /, '')}`;
    return [{ ...c, label: `${c.label} (${BLOCKED_SHORT[block.knob]})`, disabled: true, why }];
  });
}

/** Why a renewal period longer than the lease cannot be: the renewal would come after the end. */
const renewalTooLate = (leaseTtlMs: number): string =>
  `A renewal must come before the lock runs out: at most the lease, ${formatNumber(leaseTtlMs)} ms.`;

/** How a holder keeps its lease: renewing it (keepalive) and how often, and how long the service
 * keeps it. Keepalive's default is the strategy's own (on for Redis with a watchdog). */
function RenewalFields({ id, knobs, strategy }: { id: string; knobs: Knobs; strategy: StrategyDef }) {
  const { setKnob } = useActions();
  const keepaliveDefault = strategy.defaults.keepalive ?? false;
  const keepalive = knobs.keepalive ?? keepaliveDefault;
  return (
    <>
      <label className="check">
        <input
          type="checkbox"
          checked={keepalive}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setKnob('keepalive', on === keepaliveDefault ? undefined : on);
          }}
        />
        A holder renews its lease while it holds the lock (keepalive)
      </label>
      {keepalive && (
        <NumberField
          label="Renew the lock every (ms)"
          value={renewEveryMsOf(knobs)}
          min={1}
          max={knobs.leaseTtlMs}
          overMax={renewalTooLate(knobs.leaseTtlMs)}
          onCommit={(n) => setKnob('renewEveryMs', n === heartbeatEveryMs(knobs.leaseTtlMs) ? undefined : n)}
        />
      )}
      <div className="field">
        <label htmlFor={`${id}-grace`}>The lock service keeps a lease</label>
        <select
          id={`${id}-grace`}
          value={String(knobs.leaseGraceFactor ?? 1)}
          onChange={(e) => {
            const factor = Number(e.currentTarget.value);
            setKnob('leaseGraceFactor', factor === 1 ? undefined : factor);
          }}
        >
          {graceChoices(knobs.leaseGraceFactor ?? 1).map((g) => (
            <option key={g.value} value={String(g.value)}>
              {g.label}
              {g.value === 1 ? ' (default)' : ''}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

/** The store's own knobs: max_seen kept across a restart, a second store, an email per write. */
function StoreChecks({ knobs }: { knobs: Knobs }) {
  const { setKnob } = useActions();
  return (
    <>
      <label className="check">
        <input
          type="checkbox"
          checked={knobs.maxSeenDurable}
          onChange={(e) => setKnob('maxSeenDurable', e.currentTarget.checked)}
        />
        The store keeps max_seen across its own restart
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={knobs.secondResource === 'unchecked'}
          onChange={(e) => setKnob('secondResource', e.currentTarget.checked ? 'unchecked' : 'none')}
        />
        Each write also goes to a second store that checks nothing
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={knobs.sideEffect === 'email'}
          onChange={(e) => setKnob('sideEffect', e.currentTarget.checked ? 'email' : 'none')}
        />
        Each write also sends an email (outside the fence)
      </label>
    </>
  );
}
