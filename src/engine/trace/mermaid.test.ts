// Issue 13, item 3: the trace as a Mermaid sequence diagram; every party and message is in it,
// verdicts and labels are notes, and no text can break a Mermaid statement.
import { describe, expect, it } from 'vitest';
import { createSimulator, PRESETS, findPreset, type Trace } from '../index';
import { formatMermaid, mermaidText } from '../surfaces/export';
import { withStrategy } from '../surfaces/comparison';
import { ALL_MODELS } from '../models/all';

const { simulate } = createSimulator(ALL_MODELS);

const race = (): Trace => simulate(findPreset('canonical-race')!.scenario);

describe('formatMermaid', () => {
  it('draws the canonical race: participants in lane order, arrows with tokens, verdicts and t0–t6 as notes', () => {
    const lines = formatMermaid(race()).split('\n');
    expect(lines[0]).toBe('sequenceDiagram');
    expect(lines.filter((l) => l.includes('participant'))).toEqual([
      '  participant LockService as Lock service',
      '  participant Client1 as Client1',
      '  participant Client2 as Client2',
      '  participant Storage as Storage',
    ]);
    expect(lines).toContain('  LockService->>Client1: lock.grant token 33');
    expect(lines).toContain('  Client1->>Storage: write.request token 33, value Y');
    expect(lines).toContain('  Note over Storage: t4: 34 > 32 -> ACCEPT');
    expect(lines).toContain('  Note over Storage: t6: 33 <= 34 -> REJECT');
    expect(lines).toContain('  Note over Client1: t1: begins a long pause...');
    for (const t of ['t0', 't1', 't2', 't3', 't4', 't5', 't6'])
      expect(
        lines.filter((l) => l.includes(`: ${t}: `)),
        t,
      ).toHaveLength(1);
  });

  it('draws one arrow per recorded message, and a lost one with a cross', () => {
    const trace = simulate(withStrategy(findPreset('canonical-race')!.scenario, 'zookeeper'));
    const arrows = formatMermaid(trace)
      .split('\n')
      .filter((l) => /-(>>|x|\))/.test(l) && !l.includes('Note'));
    expect(arrows).toHaveLength(trace.messages.length);
    const lost = {
      ...trace,
      messages: trace.messages.map((m, i) => (i === 0 ? { ...m, status: 'dropped' as const } : m)),
    };
    expect(formatMermaid(lost)).toContain('Client1-xZooKeeper: zk.connect');
  });

  it("says a stale holder's write that got in is one, and a journal edit too few nodes logged is not", () => {
    const lease = formatMermaid(simulate(withStrategy(findPreset('canonical-race')!.scenario, 'lease-trust')));
    expect(lease).toContain("Note over Storage: t6: no check -> ACCEPT, a stale holder's write got in");
    expect(lease.match(/got in/g)).toHaveLength(1);
    const qjm = formatMermaid(simulate(findPreset('qjm-missed-epoch')!.scenario));
    expect(qjm).toMatch(
      /Note over JN3: .*-> APPEND, a stale holder's edit, logged on JN3 only, 1 of 2 acks needed, never committed/,
    );
    expect(qjm).not.toContain('got in');
    expect(formatMermaid(race())).not.toContain('stale holder');
  });

  it('escapes what Mermaid reads as syntax, in names and values alike', () => {
    expect(mermaidText('a;b #1\nc %% d')).toBe('a#59;b #35;1 c #37;#37; d');
    // A run of three: escaping pairs left a `%%` before the `{`, a directive that swallowed the rest.
    expect(mermaidText('x %%%{init: {"theme":"dark"}}%%%')).toBe('x #37;#37;#37;{init: {"theme":"dark"}}#37;#37;#37;');
    expect(mermaidText('$$\\sqrt{2}$$')).toBe('#36;#36;\\sqrt{2}#36;#36;');
    expect(mermaidText('<b>bold</b> <img src=x> 33 <= 34 -> REJECT')).toBe(
      '#60;b>bold#60;/b> #60;img src=x> 33 <= 34 -> REJECT',
    );
    const trace = race();
    const odd: Trace = {
      ...trace,
      scenario: { ...trace.scenario, name: 'Race; #2' },
      parties: trace.parties.map((p) => (p.id === 'Storage' ? { ...p, id: 'S 1', label: 'Store; A' } : p)),
      messages: trace.messages.map((m) => (m.to === 'Storage' ? { ...m, to: 'S 1' } : m)),
    };
    const text = formatMermaid(odd);
    expect(text).toContain('title Race#59; #35;2, under Fencing token (generic pattern)');
    expect(text).toContain('participant P3 as Store#59; A');
    expect(text).toContain('Client1->>P3: write.request token 33, value Y');
    // No statement but the header holds a bare ';'.
    expect(text.split('\n').filter((l) => /;(?<!#\d+;)/.test(l.replace(/#\d+;/g, '')))).toEqual([]);
  });

  it('formats every preset without throwing, one statement a line', () => {
    for (const preset of PRESETS) {
      const text = formatMermaid(simulate(preset.scenario));
      expect(text.startsWith('sequenceDiagram\n'), preset.id).toBe(true);
      for (const line of text.trimEnd().split('\n').slice(1))
        expect(line, preset.id).toMatch(/^ {2}(title|participant|Note over|[A-Za-z][\w]*(->>|-x|-\)))/);
    }
  });
});
