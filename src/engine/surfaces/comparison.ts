// The comparison's public surface: one scenario under every strategy, as rows, and the rows in
// words. Loaded with the comparison's view, so a page that shows none (the embed player by
// default) never loads it. carryTo, which the lab's store needs, is in the core surface. Running a
// comparison needs a simulator of every strategy's model, which the page fetches only to run one.

export { compareStrategies, compareUnder, warningsFrom, withStrategy, type ComparisonRow } from '../comparison/compare';
export { blockedWord, formatComparisonText, rowSentences } from '../comparison/text';
