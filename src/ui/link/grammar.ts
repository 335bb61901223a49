// The grammar of every `#…` link the site takes, read and written in one place: the lab's
// (`#preset=ID&step=N`, `#s=…&step=N&own=K`, with `strategy=` and `from=`), a lesson's
// (`#lesson=ID&chapter=C&step=S&answer=N&present`), the recordings' (`#recordings`,
// `#recording=ID`) and the embed player's (`#embed&…`, docs/embedding.md). The page reads links
// with it, and so does the inline starter the build bundles from src/ui/boot/, before any of the
// page's code has come.
// Invariant: pure and tiny. It imports nothing (the starter carries what it uses of it); reading
// never throws, and what it cannot read comes back as words that name the problem. What a link's
// names mean (whether a preset or a strategy exists, a scenario's contents) is its readers' to say.

/** Which view a link opens. */
export type ViewName = 'lab' | 'lesson' | 'recorded' | 'embed';

/**
 * The longest link read, in characters after the `#` (docs/scenario-format.md, "Links"). The
 * longest a scenario of the format's most actions (20,000, drawn at random) packs to is about
 * 190,000; a lesson's or a preset's link is under a hundred. Anything longer is refused before
 * any of it is split or decoded, so a pasted megabyte costs nothing to turn away.
 */
export const MAX_LINK_CHARS = 256 * 1024;

/** How much of a link's own text a sentence quotes: enough to recognise, never a page of it. */
const QUOTE_CHARS = 24;

/** `"text"`, cut at `max` characters with an ellipsis: a link's text as a sentence quotes it. */
export const quoted = (text: string, max: number = QUOTE_CHARS): string =>
  `"${text.length > max ? `${text.slice(0, max)}…` : text}"`;

/** Words for a link too long to read, naming the limit and quoting its start; null when it is not. */
function linkTooLong(hash: string): string | null {
  const bare = hash.replace(/^#/, '');
  if (bare.length <= MAX_LINK_CHARS) return null;
  const size = (n: number) => n.toLocaleString('en-US');
  return `The link is ${size(bare.length)} characters long, more than the ${size(MAX_LINK_CHARS)} a link may have, so it was not read (it begins ${quoted(bare)}).`;
}

/** A link's parameters as typed (undecoded), and the keys it gives more than once. */
interface Params {
  values: Map<string, string>;
  repeated: string[];
}

/** Splits "#a=1&b=2" into raw (undecoded) values, by hand: URLSearchParams would turn a '+' in a
 * hand-edited link into a space. A key given twice keeps its last value, and is listed as repeated. */
function splitParams(hash: string): Params {
  const values = new Map<string, string>();
  const repeated = new Set<string>();
  for (const part of hash.replace(/^#/, '').split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    if (values.has(key)) repeated.add(key);
    values.set(key, eq < 0 ? '' : part.slice(eq + 1));
  }
  return { values, repeated: [...repeated] };
}

const hashParams = (hash: string): Map<string, string> => splitParams(hash).values;

/** The text of a link's field, %-escapes decoded where they can be (a bad one is left as typed). */
function fieldText(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * `"a"`, `"a" and "b"`, `"a", "b" and "c"`: a link's parameter names as a sentence lists them. A
 * link is typed by hand or pasted from anywhere: at most the first 5 names, each cut at 24 characters.
 */
export function quotedList(names: readonly string[]): string {
  const each = names.slice(0, 5).map((name) => `"${name.slice(0, 24)}"`);
  return each.length < 2 ? (each[0] ?? '') : `${each.slice(0, -1).join(', ')} and ${each.at(-1)}`;
}

/** A step's label in a link (`t6`, `abort`): a letter first, so it is never a step number. */
const STEP_LABEL = /^[A-Za-z][A-Za-z0-9_.-]{0,11}$/;

const WHOLE_NUMBER = /^\d{1,9}$/;

/** The view a link opens, from its text alone (a lesson link whose lesson is missing still opens
 * the lab: Root's currentView has the last word). */
export function viewOfLink(hash: string): ViewName {
  if (isEmbedHash(hash)) return 'embed';
  if (linkTooLong(hash)) return 'lab'; // which says why it opens nothing
  if (readRecordedLink(hash)) return 'recorded';
  return hashParams(hash).has('lesson') ? 'lesson' : 'lab';
}

// ---- The lab's links -------------------------------------------------------------------------

/** What only an embed link means: a lab link reads and passes over them. */
const EMBED_ONLY_KEYS: readonly string[] = ['autoplay', 'speed', 'show', 'origin'];

const LAB_LINK_KEYS: ReadonlySet<string> = new Set([
  ...['preset', 's', 'own', 'strategy', 'step', 'from'],
  ...EMBED_ONLY_KEYS,
]);

/** Where a lab link opens its run: a step's index (`cursor`), or its label, found once the trace
 * exists (`cursor` is then 0). */
interface LinkStep {
  cursor: number;
  stepLabel?: string;
}

/** What a lab link holds that it does not use: keys no lab link has (`unread`), and keys given
 * more than once (`repeated`, listed only when there are any: the last value is the one read). */
interface LinkLeftovers {
  unread: string[];
  repeated?: string[];
}

/**
 * A lab link as read: nothing (`empty`), words for what cannot be read (`refused`), a preset by
 * its id (`preset`; null for a link naming only a strategy, which opens the default preset), or a
 * scenario of its own (`scenario`: `s=`, deflated JSON in base64url, with `own=`, how many of its
 * actions are the user's). `strategy` is the one the link carries its scenario to (decoded), where
 * it names one, whatever else it holds; `unread`, the parameters a lab link does not have.
 */
export type LabLink =
  | { kind: 'empty' }
  | { kind: 'refused'; message: string; strategy?: string }
  | (LinkStep & LinkLeftovers & { kind: 'preset'; preset: string | null; strategy?: string })
  | (LinkStep & LinkLeftovers & { kind: 'scenario'; packed: string; own?: number; strategy?: string });

function wholeNumber(text: string | undefined, name: string): number | undefined | string {
  if (text === undefined) return undefined;
  return WHOLE_NUMBER.test(text)
    ? Number(text)
    : `"${name}" should be a whole number, but the link has ${quoted(text)}`;
}

/** Reads a lab link (an embed link too: what it names to open is written the same way). */
export function readLabLink(hash: string): LabLink {
  const tooLong = linkTooLong(hash);
  if (tooLong) return { kind: 'refused', message: tooLong };
  const { values: p, repeated } = splitParams(hash);
  const strategy = p.has('strategy') ? fieldText(p.get('strategy') ?? '') : undefined;
  const carried = strategy === undefined ? {} : { strategy };
  if (!p.has('s') && !p.has('preset') && strategy === undefined)
    return p.size === 0
      ? { kind: 'empty' }
      : { kind: 'refused', message: 'The link names no scenario: it has neither "preset=" nor "s=".', ...carried };
  const stepText = p.get('step');
  const stepLabel = stepText !== undefined && STEP_LABEL.test(stepText) ? stepText : undefined;
  const step = stepLabel === undefined ? wholeNumber(stepText, 'step') : 0;
  if (typeof step === 'string')
    return { kind: 'refused', message: `The link's step is not valid: ${step}.`, ...carried };
  const own = wholeNumber(p.get('own'), 'own');
  if (typeof own === 'string') return { kind: 'refused', message: `The link is not valid: ${own}.`, ...carried };
  const at: LinkStep = { cursor: step ?? 0, ...(stepLabel === undefined ? {} : { stepLabel }) };
  const leftovers: LinkLeftovers = {
    unread: [...p.keys()].filter((key) => !LAB_LINK_KEYS.has(key)),
    ...(repeated.length ? { repeated } : {}),
  };
  if (p.has('s'))
    return {
      kind: 'scenario',
      packed: p.get('s') ?? '',
      ...(own === undefined ? {} : { own }),
      ...at,
      ...carried,
      ...leftovers,
    };
  const preset = p.has('preset') ? fieldText(p.get('preset') ?? '') : null;
  return { kind: 'preset', preset, ...at, ...carried, ...leftovers };
}

/** A lab link to write: a preset (carried to `strategy`), or a scenario of its own (`packed`). */
export type LabLinkParts = LinkStep &
  ({ preset: string; strategy?: string } | { packed: string; /** Left out when all are its own. */ own?: number });

/**
 * `#preset=ID[&strategy=S]&step=N` or `#s=PACKED&step=N[&own=K]`. The step is named by its label
 * where it has one a link can carry (STEP_LABEL), else by its index.
 */
export function labLinkText(link: LabLinkParts): string {
  const step = link.stepLabel && STEP_LABEL.test(link.stepLabel) ? link.stepLabel : String(link.cursor);
  if ('preset' in link) {
    const strategy = link.strategy === undefined ? '' : `&strategy=${encodeURIComponent(link.strategy)}`;
    return `#preset=${encodeURIComponent(link.preset)}${strategy}&step=${step}`;
  }
  return `#s=${link.packed}&step=${step}${link.own === undefined ? '' : `&own=${link.own}`}`;
}

// ---- Lessons ---------------------------------------------------------------------------------

/** A lesson step's question, answered: the choice (from 0), or 'shown' (revealed with none). */
export type LinkAnswer = number | 'shown';

/** A lesson at a step, as a link names it (chapter and step by id, or by number from 1). */
export interface LessonLink {
  lesson: string;
  chapter?: string;
  step?: string;
  present: boolean;
  answer?: LinkAnswer;
}

/** `answer=` of a link: a choice number from 1, or 'shown'; anything else is no answer. */
function readAnswer(value: string | undefined): LinkAnswer | undefined {
  if (value === 'shown') return 'shown';
  return value !== undefined && /^[1-9]\d{0,2}$/.test(value) ? Number(value) - 1 : undefined;
}

const enc = encodeURIComponent;

const answerText = (answer: LinkAnswer): string => (answer === 'shown' ? 'shown' : String(answer + 1));

/** A link's parameters, each decoded where it can be (fieldText). */
function decodedParams(hash: string): Map<string, string> {
  return new Map([...hashParams(hash)].map(([key, value]) => [key, fieldText(value)]));
}

/** The lesson a link opens (`#lesson=ID&chapter=C&step=S[&answer=N|shown][&present]`), or null. */
export function readLessonLink(hash: string): LessonLink | null {
  if (linkTooLong(hash)) return null;
  const p = decodedParams(hash);
  const lesson = p.get('lesson');
  if (!lesson) return null;
  return {
    lesson,
    chapter: p.get('chapter'),
    step: p.get('step'),
    present: p.has('present'),
    answer: readAnswer(p.get('answer')),
  };
}

/** The lesson step a lab link was taken over from (`from=ID/CHAPTER/STEP[/N|/shown]`), or null. */
export function readFromLink(hash: string): LessonLink | null {
  if (linkTooLong(hash)) return null;
  const from = decodedParams(hash).get('from');
  if (!from) return null;
  const [lesson, chapter, step, answer] = from.split('/');
  return lesson ? { lesson, chapter, step, present: false, answer: readAnswer(answer) } : null;
}

/** A lesson step's link, its question answered where `answer` is given. */
export function lessonLinkText(link: {
  lesson: string;
  chapter: string;
  step: string;
  present: boolean;
  answer?: LinkAnswer;
}): string {
  const { lesson, chapter, step } = link;
  const parts = [`lesson=${enc(lesson)}`, `chapter=${enc(chapter)}`, `step=${enc(step)}`];
  if (link.answer !== undefined) parts.push(`answer=${answerText(link.answer)}`);
  if (link.present) parts.push('present');
  return `#${parts.join('&')}`;
}

/** What a lab link taken over from a lesson step carries after its own: `&from=ID/CHAPTER/STEP[/N|/shown]`. */
export function fromLinkText(from: { lesson: string; chapter: string; step: string; answer?: LinkAnswer }): string {
  const answer = from.answer === undefined ? [] : [answerText(from.answer)];
  return `&from=${[from.lesson, from.chapter, from.step, ...answer].map(enc).join('/')}`;
}

// ---- The recordings --------------------------------------------------------------------------

/** The recording a link names: `{ id }` (null for the list, `#recordings`), or null when it is no such link. */
export function readRecordedLink(hash: string): { id: string | null } | null {
  const bare = hash.replace(/^#/, '');
  if (bare === 'recordings') return { id: null };
  if (linkTooLong(hash)) return null;
  const match = /^recording=([^&]*)/.exec(bare);
  // A malformed escape stays as typed; the view says it names no recording.
  return match ? { id: fieldText(match[1] ?? '') || null } : null;
}

export const recordedLinkText = (id: string | null): string =>
  id ? `#recording=${encodeURIComponent(id)}` : '#recordings';

// ---- The embed player ------------------------------------------------------------------------

/** The parts an embed can show, in the order the page stacks them. */
const PARTS = ['transport', 'narration', 'timeline', 'events', 'comparison', 'cards'] as const;
export type Part = (typeof PARTS)[number];
const DEFAULT_PARTS: readonly Part[] = ['timeline', 'narration', 'transport'];

/** An embed link as read (readEmbedHash). */
export interface EmbedOptions {
  /** The hash as opened. */
  hash: string;
  /** The hash less its `strategy=`: what it names to open, read as a lab link is. */
  scenarioHash: string;
  /** Whether the link names a scenario (preset= or s=); if not, the default scenario stays. */
  hasScenario: boolean;
  strategy: string | null;
  /** The step to open at, as the link has it (an index or a label). */
  step: string | undefined;
  speed: number | null;
  autoplay: boolean;
  show: ReadonlySet<Part>;
  /** The parent's origin commands must come from and events go to; null: any parent, '*'. */
  origin: string | null;
  /** origin= was given but is not an origin: no command is taken, no event is sent. */
  closed: boolean;
  problems: string[];
}

export const isEmbedHash = (hash: string): boolean => /^#?embed(&|$)/.test(hash);

/** "https://docs.example" stays as it is; anything with a path, or not http(s), is not an origin. */
export function asOrigin(text: string): string | null {
  try {
    const url = new URL(text);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin === text.replace(/\/$/, '') ? url.origin : null;
  } catch {
    return null;
  }
}

/** What an embed link may carry, after `embed` (docs/embedding.md). */
const EMBED_LINK_KEYS = ['preset', 's', 'own', 'strategy', 'step', 'autoplay', 'speed', 'show', 'origin'];

/**
 * `#embed&preset=ID|s=…&strategy=ID&step=N|LABEL&autoplay&speed=X&show=timeline,narration,transport
 * &origin=https%3A%2F%2Fdocs.example`: what it cannot read is named in `problems` and left out,
 * except a bad `origin`, which closes the frame to every command (it fails shut, never open).
 */
export function readEmbedHash(hash: string): EmbedOptions {
  const tooLong = linkTooLong(hash);
  // Nothing of it is read, its origin neither: it fails shut.
  if (tooLong) return { ...embedDefaults(''), hash, closed: true, problems: [tooLong.replace(/^The link/, 'it')] };
  const { values: p, repeated } = splitParams(hash);
  const problems: string[] = [];
  const unread = [...p.keys()].filter((key) => key !== 'embed' && !EMBED_LINK_KEYS.includes(key));
  if (unread.length)
    problems.push(
      `it has ${quotedList(unread)}, which an embed link does not take (it takes ${EMBED_LINK_KEYS.join(', ')})`,
    );
  if (repeated.length) problems.push(`it gives ${quotedList(repeated)} more than once (the last one is used)`);
  const show = readShow(p.get('show'), problems);
  const speed = readSpeed(p.get('speed'), problems);
  const originText = p.get('origin');
  const origin = originText === undefined ? null : asOrigin(fieldText(originText));
  if (originText !== undefined && origin === null)
    problems.push(
      `"origin" should be an origin such as https://docs.example, but the link has ${quoted(fieldText(originText), 60)}`,
    );
  const strategy = p.get('strategy');
  return {
    ...embedDefaults(hash),
    hasScenario: p.has('preset') || p.has('s'),
    strategy: strategy === undefined ? null : fieldText(strategy),
    step: p.get('step'),
    speed,
    autoplay: p.has('autoplay') && p.get('autoplay') !== '0' && p.get('autoplay') !== 'false',
    show,
    origin,
    closed: originText !== undefined && origin === null,
    problems,
  };
}

/** An embed link that names nothing: the default scenario and parts, open to any parent. */
function embedDefaults(hash: string): EmbedOptions {
  return {
    hash,
    scenarioHash: hash
      .split('&')
      .filter((part) => !part.startsWith('strategy='))
      .join('&'),
    hasScenario: false,
    strategy: null,
    step: undefined,
    speed: null,
    autoplay: false,
    show: new Set(DEFAULT_PARTS),
    origin: null,
    closed: false,
    problems: [],
  };
}

/** The parts `show=` names; the default ones, with a word in `problems`, where it names none. */
function readShow(text: string | undefined, problems: string[]): Set<Part> {
  const show = new Set<Part>();
  if (text === undefined) return new Set(DEFAULT_PARTS);
  for (const name of fieldText(text).split(',')) {
    const part = PARTS.find((known) => known === name.trim());
    if (part) show.add(part);
    else if (name.trim()) problems.push(`"show" has ${quoted(name.trim())}, which is not one of ${PARTS.join(', ')}`);
  }
  if (show.size > 0) return show;
  // An empty frame tells its reader nothing: the default parts, and why.
  problems.push(
    `"show" names no part (it takes one or more of ${PARTS.join(', ')}), so the player shows ${DEFAULT_PARTS.join(', ')}`,
  );
  return new Set(DEFAULT_PARTS);
}

function readSpeed(text: string | undefined, problems: string[]): number | null {
  if (text === undefined) return null;
  const n = Number(text);
  if (text !== '' && Number.isFinite(n) && n > 0) return n;
  problems.push(`"speed" should be a positive number, but the link has ${quoted(text)}`);
  return null;
}

/**
 * The embed link of a lab link (`#preset=ID[&strategy=ID]&step=N|LABEL` or `#s=…&step=…`, as
 * labLinkText writes it), showing `show`.
 */
export function embedHashOf(labHash: string, show: readonly Part[] = DEFAULT_PARTS): string {
  const rest = labHash.replace(/^#/, '');
  const same = show.length === DEFAULT_PARTS.length && show.every((part) => DEFAULT_PARTS.includes(part));
  return `#embed${rest ? `&${rest}` : ''}${same ? '' : `&show=${show.join(',')}`}`;
}

/**
 * The lab link of an embed link: the same link less `embed` and what only an embed means (the lab
 * reads preset, s, own, strategy and step as the embed does). '' where nothing is left.
 */
export function labHashOf(embedHash: string): string {
  const rest = embedHash
    .replace(/^#/, '')
    .split('&')
    .filter((part) => part !== 'embed' && !EMBED_ONLY_KEYS.includes(part.split('=')[0]!));
  return rest.length ? `#${rest.join('&')}` : '';
}
