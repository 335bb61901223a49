// The link grammar: every link the site takes reads back as it was written, and what cannot be
// read comes back as words that name the problem (docs/embedding.md, docs/lessons.md and the
// lab's share links are its contract with whoever writes links by hand).
import { describe, expect, it } from 'vitest';
import {
  embedHashOf,
  fromLinkText,
  labHashOf,
  labLinkText,
  lessonLinkText,
  MAX_LINK_CHARS,
  quoted,
  quotedList,
  readEmbedHash,
  readFromLink,
  readLabLink,
  readLessonLink,
  readRecordedLink,
  recordedLinkText,
  viewOfLink,
  type LabLinkParts,
} from './grammar';

describe('which view a link opens', () => {
  it('tells the embed, the recordings, a lesson and the lab apart by the text alone', () => {
    const views = {
      '': 'lab',
      '#': 'lab',
      '#preset=canonical-race&step=t6': 'lab',
      '#s=abc&step=3': 'lab',
      '#embed': 'embed',
      'embed&preset=etcd-race&step=t4': 'embed',
      '#embedded=1': 'lab',
      '#lesson=fencing-tokens&chapter=2': 'lesson',
      '#lesson': 'lesson',
      '#preset=canonical-race&lesson=fencing-tokens': 'lesson',
      '#recordings': 'recorded',
      '#recording=etcd-lease': 'recorded',
      '#recordings&x': 'lab',
    };
    for (const [hash, view] of Object.entries(views)) expect(viewOfLink(hash), hash).toBe(view);
  });
});

describe('lab links', () => {
  it('read back as written: a preset, a preset carried to a strategy, a scenario of its own', () => {
    const links: LabLinkParts[] = [
      { preset: 'canonical-race', cursor: 9 },
      { preset: 'canonical-race', cursor: 0, stepLabel: 't6' },
      { preset: 'a&b=c d', strategy: 'etcd', cursor: 0, stepLabel: 't4' },
      { packed: 'eJyrVkrLz1eyUkpKLFKqBQAdegQ0', cursor: 3 },
      { packed: 'eJyrVkrLz1eyUkpKLFKqBQAdegQ0', cursor: 0, stepLabel: 'abort', own: 2 },
    ];
    for (const link of links) {
      const kind = 'preset' in link ? 'preset' : 'scenario';
      expect(readLabLink(labLinkText(link)), labLinkText(link)).toEqual({ kind, ...link, unread: [] });
    }
    expect(labLinkText({ preset: 'canonical-race', cursor: 9 })).toBe('#preset=canonical-race&step=9');
    expect(labLinkText({ packed: 'x', cursor: 2, own: 4 })).toBe('#s=x&step=2&own=4');
  });

  it('names a step by its label only where a link can carry it', () => {
    expect(labLinkText({ preset: 'p', cursor: 5, stepLabel: 'a label with spaces' })).toBe('#preset=p&step=5');
    expect(readLabLink('#preset=p&step=4')).not.toHaveProperty('stepLabel');
  });

  it('reads a strategy alone as the default preset carried to it, and an empty link as nothing', () => {
    expect(readLabLink('#strategy=zookeeper&step=2')).toMatchObject({
      kind: 'preset',
      preset: null,
      strategy: 'zookeeper',
      cursor: 2,
    });
    expect(readLabLink('')).toEqual({ kind: 'empty' });
    expect(readLabLink('#')).toEqual({ kind: 'empty' });
    // s= wins over preset=, and %-escapes are decoded where they can be.
    expect(readLabLink('#preset=a&s=x')).toMatchObject({ kind: 'scenario', packed: 'x' });
    expect(readLabLink('#preset=%65tcd-race&strategy=%E0%A4%A')).toMatchObject({
      preset: 'etcd-race',
      strategy: '%E0%A4%A',
    });
  });

  it('passes over what only an embed means, and names what no link has', () => {
    expect(readLabLink('#preset=p&autoplay&speed=2&show=cards&origin=x&from=l/c/s')).toMatchObject({ unread: [] });
    expect(readLabLink('#preset=p&stepp=t6&x')).toMatchObject({ kind: 'preset', unread: ['stepp', 'x'] });
  });

  it('refuses what it cannot read, in words, keeping the strategy it names', () => {
    const refusals = {
      '#stepp=3': 'The link names no scenario: it has neither "preset=" nor "s=".',
      '#preset=p&step=1.5': 'The link\'s step is not valid: "step" should be a whole number, but the link has "1.5".',
      '#preset=p&step=': 'The link\'s step is not valid: "step" should be a whole number, but the link has "".',
      '#s=x&step=1234567890':
        'The link\'s step is not valid: "step" should be a whole number, but the link has "1234567890".',
      '#s=x&own=-1': 'The link is not valid: "own" should be a whole number, but the link has "-1".',
    };
    for (const [hash, message] of Object.entries(refusals))
      expect(readLabLink(hash), hash).toEqual({ kind: 'refused', message });
    expect(readLabLink('#strategy=nope&step=x!')).toMatchObject({ kind: 'refused', strategy: 'nope' });
  });
});

describe('lesson links', () => {
  it('read back as written, with the answer and the presenting', () => {
    const link = { lesson: 'fencing-tokens', chapter: 'the-race', step: 't4', present: true, answer: 2 };
    expect(lessonLinkText(link)).toBe('#lesson=fencing-tokens&chapter=the-race&step=t4&answer=3&present');
    expect(readLessonLink(lessonLinkText(link))).toEqual(link);
    const odd = { lesson: 'a&b', chapter: '2', step: 'x/y', present: false, answer: 'shown' as const };
    expect(readLessonLink(lessonLinkText(odd))).toEqual(odd);
    expect(readLessonLink('#lesson=%E0%A4%A')).toMatchObject({ lesson: '%E0%A4%A' });
    expect(readLessonLink('#s=abc&step=3')).toBeNull();
  });

  it('drop an answer they cannot use', () => {
    for (const answer of ['0', '1000', 'two', '-1', '1.5', ''])
      expect(readLessonLink(`#lesson=l&answer=${answer}`)?.answer, answer).toBeUndefined();
  });

  it('carry the way back from the lab to the lesson step, and its answer', () => {
    const from = { lesson: 'fencing-tokens', chapter: 'the-race', step: 't4', answer: 0 };
    expect(fromLinkText(from)).toBe('&from=fencing-tokens/the-race/t4/1');
    expect(readFromLink(`#preset=canonical-race${fromLinkText(from)}`)).toEqual({ ...from, present: false });
    expect(readFromLink('#s=abc&from=fencing-tokens/the-race/t4')).toMatchObject({
      lesson: 'fencing-tokens',
      step: 't4',
    });
    expect(readFromLink('#s=abc&from=')).toBeNull();
  });
});

describe('the recordings', () => {
  it('read #recording=ID and #recordings back as written, and nothing else', () => {
    for (const id of ['etcd-race', null, 'a b']) expect(readRecordedLink(recordedLinkText(id))).toEqual({ id });
    expect(recordedLinkText('etcd-race')).toBe('#recording=etcd-race');
    expect(readRecordedLink('#recording=%E0%A4%A')).toEqual({ id: '%E0%A4%A' });
    expect(readRecordedLink('#preset=canonical-race')).toBeNull();
  });
});

describe('embed links', () => {
  it('read their options, and fail shut on a bad origin', () => {
    const o = readEmbedHash('#embed&preset=canonical-race&strategy=etcd&step=t6&autoplay&speed=2&show=timeline,cards');
    expect(o).toMatchObject({
      hasScenario: true,
      strategy: 'etcd',
      step: 't6',
      speed: 2,
      autoplay: true,
      origin: null,
    });
    expect([...o.show]).toEqual(['timeline', 'cards']);
    // What it opens is read as a lab link, its strategy carried apart.
    expect(o.scenarioHash).toBe('#embed&preset=canonical-race&step=t6&autoplay&speed=2&show=timeline,cards');
    expect(readEmbedHash('#embed').show).toEqual(new Set(['timeline', 'narration', 'transport']));
    expect(readEmbedHash('#embed&autoplay=0').autoplay).toBe(false);
    expect(readEmbedHash('#embed&origin=https%3A%2F%2Fdocs.example').origin).toBe('https://docs.example');
    expect(readEmbedHash('#embed&origin=javascript:1')).toMatchObject({ closed: true, origin: null });
    expect(readEmbedHash('#embed&origin=https%3A%2F%2Fdocs.example%2Fpath')).toMatchObject({ closed: true });
  });

  it('name what they cannot read (a typo is not passed over in silence)', () => {
    expect(readEmbedHash('#embed&preset=canonical-race&stepp=t3&foo=bar').problems).toEqual([
      'it has "stepp" and "foo", which an embed link does not take (it takes preset, s, own, strategy, step, autoplay, speed, show, origin)',
    ]);
    expect(readEmbedHash('#embed&speed=fast&show=timeline,legend').problems).toEqual([
      '"show" has "legend", which is not one of transport, narration, timeline, events, comparison, cards',
      '"speed" should be a positive number, but the link has "fast"',
    ]);
    expect(
      readEmbedHash('#embed&preset=canonical-race&own=2&strategy=etcd&step=t6&autoplay&speed=2&show=timeline&origin=x')
        .problems,
    ).toHaveLength(1); // the origin's, only
  });

  it('are written from a lab link, and give it back', () => {
    expect(embedHashOf('#preset=canonical-race&step=4')).toBe('#embed&preset=canonical-race&step=4');
    expect(embedHashOf('#preset=canonical-race&strategy=etcd&step=t2', ['cards', 'timeline'])).toBe(
      '#embed&preset=canonical-race&strategy=etcd&step=t2&show=cards,timeline',
    );
    expect(labHashOf(embedHashOf('#preset=canonical-race&strategy=etcd&step=t2'))).toBe(
      '#preset=canonical-race&strategy=etcd&step=t2',
    );
    // Less what only an embed reads: the lab opens the same view.
    expect(labHashOf('#embed&s=abc&own=5&autoplay&speed=2&show=timeline,narration&origin=https%3A%2F%2Fd')).toBe(
      '#s=abc&own=5',
    );
    expect(labHashOf('#embed')).toBe('');
  });
});

it("lists a link's parameter names as a sentence does, the first five, each cut short", () => {
  expect(quotedList(['a'])).toBe('"a"');
  expect(quotedList(['a', 'b', 'c'])).toBe('"a", "b" and "c"');
  expect(quotedList(['x'.repeat(99), ...'bcdefgh'])).toBe(`"${'x'.repeat(24)}", "b", "c", "d" and "e"`);
});

describe('links refused early', () => {
  const huge = `#s=${'A'.repeat(1024 * 1024)}&step=t6`;

  it('refuses a link over the limit before reading it, naming the limit and quoting only its start', () => {
    const refused = readLabLink(huge);
    expect(refused).toEqual({
      kind: 'refused',
      message: `The link is 1,048,586 characters long, more than the ${MAX_LINK_CHARS.toLocaleString('en-US')} a link may have, so it was not read (it begins "s=AAAAAAAAAAAAAAAAAAAAAA…").`,
    });
    if (refused.kind === 'refused') expect(refused.message.length).toBeLessThan(200);
    expect(viewOfLink(huge)).toBe('lab');
    expect(readLessonLink(`#lesson=${'x'.repeat(MAX_LINK_CHARS)}`)).toBeNull();
    expect(readRecordedLink(`#recording=${'x'.repeat(MAX_LINK_CHARS)}`)).toBeNull();
  });

  it('reads a link at the limit, and a long scenario link well within it', () => {
    const atLimit = `#s=${'A'.repeat(MAX_LINK_CHARS - 2)}`;
    expect(readLabLink(atLimit)).toMatchObject({ kind: 'scenario' });
    expect(readLabLink(`${atLimit}A`)).toMatchObject({ kind: 'refused' });
  });

  it('opens an embed link over the limit closed, with the default parts and one problem', () => {
    const o = readEmbedHash(`#embed&origin=https%3A%2F%2Fdocs.example&preset=${'p'.repeat(MAX_LINK_CHARS)}`);
    expect(o).toMatchObject({ hasScenario: false, closed: true, origin: null, strategy: null });
    expect([...o.show]).toEqual(['timeline', 'narration', 'transport']);
    expect(o.problems).toHaveLength(1);
    expect(o.problems[0]).toMatch(/^it is 262,\d{3} characters long, more than the 262,144 a link may have/);
    expect(o.problems[0]!.length).toBeLessThan(200);
  });

  it('quotes at most a short piece of a bad value', () => {
    const long = 'x'.repeat(5000);
    const refused = readLabLink(`#preset=p&step=${long}`);
    expect(refused.kind === 'refused' && refused.message.length).toBeLessThan(150);
    expect(readEmbedHash(`#embed&speed=${long}&show=${long}`).problems.join(' ').length).toBeLessThan(400);
    expect(quoted('abc')).toBe('"abc"');
    expect(quoted('abcdef', 3)).toBe('"abc…"');
  });
});

describe('degenerate parameters are named', () => {
  it('an empty show= gets the default parts and a word, not an empty frame', () => {
    for (const hash of ['#embed&show=', '#embed&show=,,', '#embed&show=%20']) {
      const o = readEmbedHash(hash);
      expect([...o.show], hash).toEqual(['timeline', 'narration', 'transport']);
      expect(o.problems, hash).toEqual([
        '"show" names no part (it takes one or more of transport, narration, timeline, events, comparison, cards), so the player shows timeline, narration, transport',
      ]);
    }
    expect(readEmbedHash('#embed&show=legend').problems).toHaveLength(2);
  });

  it('a key given twice is named, as an unknown one is, and the last value is read', () => {
    expect(readLabLink('#preset=canonical-race&step=1&step=t6')).toMatchObject({
      kind: 'preset',
      stepLabel: 't6',
      unread: [],
      repeated: ['step'],
    });
    expect(readLabLink('#preset=p&step=1')).not.toHaveProperty('repeated');
    expect(readEmbedHash('#embed&preset=canonical-race&step=1&step=t6&show=cards&show=timeline').problems).toEqual([
      'it gives "step" and "show" more than once (the last one is used)',
    ]);
  });
});
