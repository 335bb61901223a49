// "Why it broke", just above the timeline while the run on screen is an answer the search found:
// the rule, the chain of sentences from the trace, and a link to share the run.

import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { useLab, useLabStore } from '../store/context';
import { currentLink } from '../store/link/urlSync';
import { CopyLink } from './CopyLink';
import { WHY, whyOf } from './why';
import '../styles/breakit.css';

export default function WhyItBroke() {
  const store = useLabStore();
  const scenario = useLab((s) => s.scenario);
  const state = useStore(WHY);
  const why = whyOf(scenario, state);
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!why || !state.reveal) return;
    WHY.setState({ reveal: false });
    panel.current?.scrollIntoView({ block: 'start' });
  }, [why, state.reveal]);
  if (!why) return null;
  return (
    <section className="panel why-it-broke" aria-labelledby="why-it-broke-title" ref={panel}>
      <h3 id="why-it-broke-title" className="section-title">
        Why it broke: {why.ruleWords}
      </h3>
      <ol className="breakit-chain" aria-label="What happened">
        {why.chain.map((sentence, i) => (
          <li key={i}>{sentence}</li>
        ))}
      </ol>
      <CopyLink linkOf={() => currentLink(store, window.location.href)} />
    </section>
  );
}
